import Foundation
import TestSupport
import Testing

/// The README's walkthrough, run top to bottom as a new user runs it: every
/// shell line between the `readme-walkthrough` markers, in order, in one
/// empty directory, with `swift run udf-inspect` standing for the built
/// binary. Each line must exit 0, or the code its comment names (`exits 64`).
@Suite struct ReadmeWalkthroughTests {
    struct Line {
        let command: String
        let expectedStatus: Int32
    }

    @Test func everyLineOfTheWalkthroughExitsAsDocumented() throws {
        let readme = try String(contentsOfFile: Fixtures.root.appendingPathComponent("README.md").path, encoding: .utf8)
        let lines = try Self.walkthrough(in: readme)
        #expect(lines.count >= 20)
        #expect(lines.first?.command.hasPrefix("swift run udf-inspect demo todo.udf") == true)
        let directory = try TemporaryDirectory()
        let binary = Executables.inspector.path
        for line in lines {
            var command = line.command
            command = command.replacingOccurrences(of: "swift run udf-inspect", with: "'\(binary)'")
            let outcome = try Subprocess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cd '\(directory.path("."))' && \(command)"], timeout: 300)
            #expect(outcome.exited && outcome.status == line.expectedStatus, "\(line.command)\nexit \(outcome.status)\n\(outcome.stderr)")
            if line.expectedStatus == 0 {
                #expect(!outcome.stderr.contains("Error:"), "\(line.command)\n\(outcome.stderr)")
            } else {
                #expect(outcome.stderr.hasPrefix("Error: "), "\(line.command)\n\(outcome.stderr)")
            }
        }
    }

    @Test func theExtractorJoinsContinuationsAndReadsExpectedCodes() throws {
        let text = """
            intro
            <!-- readme-walkthrough:begin -->
            ```sh
            swift run udf-inspect log todo.udf   # every action
            swift run udf-inspect testgen todo.udf --module M \\
                --reducer r -o T.swift   # a test
            swift run udf-inspect branch todo.udf --delete main   # exits 64: never
            mkdir -p 'a # b'
            ```
            <!-- readme-walkthrough:end -->
            swift run udf-inspect ignored
            """
        let lines = try Self.walkthrough(in: text)
        #expect(lines.map(\.command) == [
            "swift run udf-inspect log todo.udf",
            "swift run udf-inspect testgen todo.udf --module M --reducer r -o T.swift",
            "swift run udf-inspect branch todo.udf --delete main",
            "mkdir -p 'a # b'",
        ])
        #expect(lines.map(\.expectedStatus) == [0, 0, 64, 0])
    }

    struct MissingMarkers: Error {}

    /// The commands of the marked section: continuations joined, comments
    /// (a `#` after a space, outside quotes) dropped.
    static func walkthrough(in readme: String) throws -> [Line] {
        guard let begin = readme.range(of: "<!-- readme-walkthrough:begin -->"),
              let end = readme.range(of: "<!-- readme-walkthrough:end -->", range: begin.upperBound..<readme.endIndex) else {
            throw MissingMarkers()
        }
        var result: [Line] = []
        var pending = ""
        for raw in readme[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            let text = String(raw)
            if text.hasPrefix("```") { continue }
            let (code, comment) = split(comment: text)
            var command = code.trimmingCharacters(in: .whitespaces)
            if command.hasSuffix("\\") {
                command.removeLast()
                pending += command.trimmingCharacters(in: .whitespaces) + " "
                continue
            }
            command = pending + command
            pending = ""
            guard !command.isEmpty else { continue }
            var status: Int32 = 0
            if let comment, let range = comment.range(of: #"exits (\d+)"#, options: .regularExpression) {
                status = Int32(comment[range].dropFirst("exits ".count)) ?? 0
            }
            result.append(Line(command: command, expectedStatus: status))
        }
        return result
    }

    private static func split(comment line: String) -> (code: String, comment: String?) {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " {
                return (String(line[..<index]), String(line[index...]))
            }
            previous = character
        }
        return (line, nil)
    }
}
