import Foundation
import TestSupport
import Testing

/// `demo` takes the file it keeps as every other command takes its file
/// (`demo todo.udf`), or as `export` and `testgen` name theirs (`-o`,
/// `--output`), and still takes the `--out` it first had.
@Suite struct DemoOutputTests {
    @Test(arguments: [["-o"], ["--output"], ["--out"], []])
    func eachSpellingKeepsTheRecording(_ option: [String]) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("todo.udf")
        let demo = await InspectorHarness.run(["demo"] + option + [path])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout.hasSuffix("The recording is in \(path). Try: udf-inspect log \(path)\n"))
        let verify = await InspectorHarness.run(["verify", path])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout == "ok: 1 session, 4 timelines, 19 steps, 7 keyframes; integrity_check ok; every state hash verified\n")
    }

    @Test func theFileNamedTwiceIsAUsageErrorAndNothingIsWritten() async throws {
        let directory = try TemporaryDirectory()
        let demo = await InspectorHarness.run(["demo", directory.path("a.udf"), "-o", directory.path("b.udf")])
        #expect(demo.status == 64)
        #expect(demo.stdout == "")
        #expect(demo.stderr == """
            Error: '<file>' and '--output' cannot be used together: name the file once
            Usage: udf-inspect demo [<file>] [--output <file>]
              See 'udf-inspect demo --help' for more information.

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
