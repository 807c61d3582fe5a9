import Foundation
import TodoExample
import UDFInspect

/// Runs `udf-inspect` in-process, as its main.swift does, on a capturing console.
enum InspectorHarness {
    struct Result: Equatable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var inspector: Inspector {
        Inspector(commands: Inspector.builtInCommands, configuration: TodoInspector.configuration)
    }

    /// - Parameter stdoutIsTerminal: Run as if stdout were a terminal, where headers for people show.
    static func run(_ arguments: [String], environment: [String: String] = [:], stdoutIsTerminal: Bool = false) async -> Result {
        let console = Console.capturing(stdoutIsTerminal: stdoutIsTerminal)
        let status = await inspector.run(arguments, console: console, environment: environment)
        return Result(status: status, stdout: console.stdout, stderr: console.stderr)
    }
}
