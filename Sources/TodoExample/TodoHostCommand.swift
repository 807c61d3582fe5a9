import Foundation

/// The `todo-example` executable's argument handling, kept here so tests can reach it.
public enum TodoHostCommand {
    /// The words that ask for the usage text instead of a recording.
    static let helpWords: Set<String> = ["-h", "--help", "help"]
    /// The options `workload` takes, each with a whole-number value.
    static let workloadOptions = ["--actions", "--seed", "--report-every", "--pause-ms"]

    @MainActor
    public static func run(_ arguments: [String], usage: String) async -> Int32 {
        // Help wins wherever it is, so `workload -h` never records into a file named `-h`.
        if arguments.contains(where: helpWords.contains) {
            FileHandle.standardOutput.write(Data("\(usage)\n".utf8))
            return 0
        }
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("Error: missing command or file\n\(usage)\n".utf8))
            return 64
        }
        let path = arguments[1]
        if path.hasPrefix("-") {
            FileHandle.standardError.write(Data("Error: expected a file before the options, got '\(path)'\n\(usage)\n".utf8))
            return 64
        }
        var options: [String: Int] = [:]
        var index = 2
        while index < arguments.count {
            let name = arguments[index]
            guard workloadOptions.contains(name),
                  index + 1 < arguments.count, let value = Int(arguments[index + 1]), value >= 0 else {
                FileHandle.standardError.write(Data("Error: bad option '\(name)'\n\(usage)\n".utf8))
                return 64
            }
            options[name] = value
            index += 2
        }
        do {
            switch arguments[0] {
            case "demo":
                try await TodoRecording.recordDemo(to: path)
            case "workload":
                let every = options["--report-every"] ?? 0
                let pause = TimeInterval(options["--pause-ms"] ?? 0) / 1_000
                try await TodoRecording.recordWorkload(
                    to: path,
                    count: options["--actions"] ?? 1_000,
                    seed: UInt64(options["--seed"] ?? 1)
                ) { index in
                    // Reports how many actions were sent, for crash tests that count losses.
                    if every > 0, (index + 1) % every == 0 {
                        FileHandle.standardOutput.write(Data("sent \(index + 1)\n".utf8))
                    }
                    // A paced host lets a test watch a recording grow.
                    if pause > 0 { Thread.sleep(forTimeInterval: pause) }
                }
            default:
                FileHandle.standardError.write(Data("Error: unknown command '\(arguments[0])'\n\(usage)\n".utf8))
                return 64
            }
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            return 74
        }
        return 0
    }
}
