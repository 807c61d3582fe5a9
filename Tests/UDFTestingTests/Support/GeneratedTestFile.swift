import Foundation
import Testing
import TodoExample
import UDFInspect
import UDFTesting

/// A file `udf-inspect testgen` wrote, read back without a compiler: its
/// literals become the `RecordedTimeline` the compiled test would build.
///
/// The compile test (TestgenCompileTests) proves the same file compiles and
/// runs; this lets many variations run in-process, fast.
struct GeneratedTestFile {
    let text: String

    /// Runs `udf-inspect testgen` in-process, with the example app's inspector.
    static func generate(_ arguments: [String], into directory: URL) async throws -> GeneratedTestFile {
        let out = directory.appendingPathComponent("Generated.swift").path
        let console = Console.capturing()
        let inspector = Inspector(commands: Inspector.builtInCommands, configuration: TodoInspector.configuration)
        let status = await inspector.run(["testgen"] + arguments + ["-o", out], console: console, environment: [:])
        guard status == 0, let data = FileManager.default.contents(atPath: out) else {
            throw GenerationFailure(status: status, stderr: console.stderr)
        }
        return GeneratedTestFile(text: String(decoding: data, as: UTF8.self))
    }

    struct GenerationFailure: Error {
        let status: Int32
        let stderr: String
    }

    /// The literals, as the compiled test would pass them to `RecordedTimeline`.
    func timeline() throws -> RecordedTimeline {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let load = try #require(lines.first { $0.contains("try RecordedTimeline(firstStep: ") })
        let firstStep = try #require(Int(load.split(separator: "firstStep: ")[1].prefix { $0.isNumber }))
        let open = try #require(lines.firstIndex { $0.hasPrefix("    static let initialState = ") })
        let close = try #require(lines[open...].firstIndex { $0.hasPrefix("        \"\"\"") })
        let state = lines[(open + 1)..<close].map { String($0.dropFirst(8)) }.joined(separator: "\n")
        let steps = lines.compactMap(Self.rawLiteral)
        return try RecordedTimeline(
            firstStep: firstStep, initialState: state, steps: steps,
            effectsOutliveRange: load.contains("effectsOutliveRange: true")
        )
    }

    /// The content of a step line, `        #"…"#,`, with any number of `#`.
    private static func rawLiteral(_ line: String) -> String? {
        guard line.hasPrefix("        #"), line.hasSuffix("#,") else { return nil }
        let body = line.dropFirst(8).dropLast()
        let hashes = body.prefix { $0 == "#" }.count
        let delimiter = String(repeating: "#", count: hashes)
        guard body.hasPrefix(delimiter + "\""), body.hasSuffix("\"" + delimiter) else { return nil }
        return String(body.dropFirst(hashes + 1).dropLast(hashes + 1))
    }
}
