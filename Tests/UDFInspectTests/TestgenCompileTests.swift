import Foundation
import TestSupport
import Testing
import TodoExample
import UDFInspect

/// The generated file, compiled and run as a user would: in a package that
/// depends on this one by path, with `swift test`.
///
/// One package, one compile: its test target holds two files generated from
/// the demo's `fix` branch, one through the fixed reducer and one through the
/// shipped reducer. The first must pass; the second must fail at step 11
/// with the tree diff of todos 2 and 3. The build goes to its own scratch
/// path, so it never waits for the lock of the build running this test.
/// A cold build takes about 100 s on two cores; later runs reuse it.
@Suite(.timeLimit(.minutes(15))) struct TestgenCompileTests {
    static let host = ["--module", "TodoExample", "--state", "AppState", "--action", "AppAction"]

    /// A scratch path kept between runs, named after the package root, so
    /// a second run recompiles only the generated tests.
    static var scratch: URL {
        let root = Fixtures.root.path
        let key = String(root.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }, radix: 16)
        return FileManager.default.temporaryDirectory.appendingPathComponent("udf-testgen-compile-\(key)")
    }

    @Test func theGeneratedFilePassesWithTheFixAndFailsAtStep11WithTheShippedReducer() async throws {
        let directory = try TemporaryDirectory()
        let recording = try directory.copy(Fixtures.demo, as: "todo.udf")
        let replay = await InspectorHarness.run(["replay", recording, "--from", "10", "--reducer", "fixed", "--name", "fix"])
        try #require(replay.status == 0, "\(replay.stderr)")

        let package = Self.scratch.appendingPathComponent("package")
        let tests = package.appendingPathComponent("Tests/GeneratedTests")
        try? FileManager.default.removeItem(at: tests)
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        for (reducer, name) in [("fixedAppReducer", nil), ("appReducer", "ShippedReducerTests")] as [(String, String?)] {
            let file = tests.appendingPathComponent("\(name ?? "FixTimelineTests").swift").path
            let generated = await InspectorHarness.run(
                ["testgen", recording, "--timeline", "fix"] + Self.host + ["--reducer", reducer] + (name.map { ["--name", $0] } ?? []) + ["-o", file]
            )
            try #require(generated.status == 0, "\(generated.stderr)")
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "GeneratedTests",
                dependencies: [.package(path: \(Self.quoted(Fixtures.root.path)))],
                targets: [
                    .testTarget(
                        name: "GeneratedTests",
                        dependencies: [
                            .product(name: "UDFTesting", package: \(Self.quoted(Fixtures.root.lastPathComponent))),
                            .product(name: "TodoExample", package: \(Self.quoted(Fixtures.root.lastPathComponent))),
                        ]
                    ),
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))

        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "test", "--package-path", package.path, "--scratch-path", Self.scratch.appendingPathComponent("build").path],
            timeout: 840
        )
        let elapsed = start.duration(to: clock.now)
        let output = outcome.stdout + outcome.stderr
        try #require(!outcome.timedOut, "swift test timed out after \(elapsed)")
        try #require(output.contains("Build complete!"), "the generated package did not build:\n\(output.suffix(4_000))")

        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix(#"✔ Test "timeline fix, steps 0…13, through fixedAppReducer" passed after"#) })
        #expect(lines.contains { $0.hasPrefix(#"✘ Test "timeline fix, steps 0…13, through appReducer" failed after"#) && $0.hasSuffix("with 1 issue.") })
        #expect(lines.contains { $0.hasPrefix("✘ Test run with 2 tests in 2 suites failed after") && $0.hasSuffix("with 1 issue.") })
        #expect(outcome.status != 0)

        let issue = try #require(lines.firstIndex { $0.hasPrefix(#"✘ Test "timeline fix, steps 0…13, through appReducer" recorded an issue at ShippedReducerTests.swift:"#) })
        let message = [
            #"↳ Step 11 · {"deleteTodos":{"offsets":[1]}}: the state differs from the recording (- recorded, + actual)"#,
            "    {",
            "      … (3 unchanged)",
            #"      "todos": ["#,
            "        [id=1]: {…}",
            "  +     [id=3]: {",
            #"  +       "done": false"#,
            #"  +       "id": 3"#,
            #"  +       "title": "Pay rent""#,
            "  +     }",
            "  -     [id=2]: {",
            #"  -       "done": false"#,
            #"  -       "id": 2"#,
            #"  -       "title": "Walk the dog""#,
            "  -     }",
            "        [id=4]: {…}",
            "      ]",
            "    }",
        ]
        #expect(Array(lines[(issue + 1)...].prefix(message.count)) == message, "\(lines[(issue + 1)...].prefix(message.count).joined(separator: "\n"))")
    }

    /// A Swift string literal for a path.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
