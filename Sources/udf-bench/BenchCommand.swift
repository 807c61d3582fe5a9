import Foundation
import UDFJSON

/// `udf-bench [--json] [--quick] [--keep]`: runs every scenario and prints one table.
@MainActor
enum BenchCommand {
    static func run(arguments: [String]) {
        do {
            if arguments.first == LongRecording.childFlag {
                try LongRecording.child(arguments: Array(arguments.dropFirst()))
                return
            }
            let options = try BenchOptions(arguments: arguments)
            let rows = try BenchSuite(options: options).run()
            if options.json {
                print(BenchTable.json(rows, machine: Machine.description), terminator: "")
            } else {
                print(BenchTable.text(rows), terminator: "")
            }
        } catch {
            FileHandle.standardError.write(Data("udf-bench: \(error)\n".utf8))
            exit(1)
        }
    }
}

/// The machine a run happened on, for the report.
enum Machine {
    static var description: [String: String] {
        var cpu = "unknown"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return [
            "cpus": String(ProcessInfo.processInfo.activeProcessorCount),
            "cpu": cpu,
            "memory": Format.bytes(Double(ProcessInfo.processInfo.physicalMemory)),
        ]
    }
}
