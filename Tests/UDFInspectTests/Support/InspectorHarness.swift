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

    static func run(_ arguments: [String], environment: [String: String] = [:]) async -> Result {
        let console = Console.capturing()
        let status = await inspector.run(arguments, console: console, environment: environment)
        return Result(status: status, stdout: console.stdout, stderr: console.stderr)
    }
}

/// The committed fixture recordings, made by fixtures/make-fixtures.sh.
enum Fixtures {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return url
    }()

    static func path(_ name: String) -> String {
        root.appendingPathComponent("fixtures").appendingPathComponent(name).path
    }

    /// The demo recording: 14 steps, the planted bug at step 11.
    static var demo: String { path("todo-demo.udf") }

    /// 1,000 pseudo-random actions of the example app, seed 7.
    static var workload: String { path("todo-workload.udf") }
}

