import Foundation

/// The `todo-example` executable's argument handling, kept here so tests can reach it.
public enum TodoHostCommand {
    @MainActor
    public static func run(_ arguments: [String], usage: String) async -> Int32 {
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("Error: missing command or file\n\(usage)\n".utf8))
            return 64
        }
        let path = arguments[1]
        var options: [String: Int] = [:]
        var index = 2
        while index < arguments.count {
            let name = arguments[index]
            guard ["--actions", "--seed", "--report-every"].contains(name),
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
                try await TodoRecording.recordWorkload(
                    to: path,
                    count: options["--actions"] ?? 1_000,
                    seed: UInt64(options["--seed"] ?? 1)
                ) { index in
                    // Reports how many actions were sent, for crash tests that count losses.
                    if every > 0, (index + 1) % every == 0 {
                        FileHandle.standardOutput.write(Data("sent \(index + 1)\n".utf8))
                    }
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
