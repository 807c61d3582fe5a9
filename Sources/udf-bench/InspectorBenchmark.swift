import Foundation

/// Whole-process latency of `udf-inspect` commands: start, open, query, print, exit.
enum InspectorBenchmark {
    enum Outcome {
        case measured(Double)
        case unavailable(String)
    }

    /// The built inspector beside this executable, if there is one.
    static func binary() -> String? {
        guard let directory = try? SelfExecutable.directory() else { return nil }
        let path = directory + "/udf-inspect"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `arguments` `runs` times; a failing command is reported, not timed.
    static func run(binary: String, arguments: [String], runs: Int) -> Outcome {
        var times = Samples()
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            let seconds: Double
            do {
                seconds = try measure {
                    try process.run()
                    process.waitUntilExit()
                }
            } catch {
                return .unavailable("cannot start udf-inspect: \(error)")
            }
            guard process.terminationStatus == 0 else {
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let line = message.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
                return .unavailable("inspector failed: \(line)")
            }
            times.add(seconds: seconds)
        }
        return .measured(times.median)
    }
}
