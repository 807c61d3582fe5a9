import Foundation
import TestSupport
import Testing

/// `demo` names the file it keeps as `export` and `testgen` name theirs
/// (`-o`, `--output`), and still takes the `--out` it first had.
@Suite struct DemoOutputTests {
    @Test(arguments: ["-o", "--output", "--out"])
    func eachSpellingKeepsTheRecording(_ option: String) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("todo.udf")
        let demo = await InspectorHarness.run(["demo", option, path])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout.hasSuffix("The recording is in \(path). Try: udf-inspect log \(path)\n"))
        let verify = await InspectorHarness.run(["verify", path])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout == "ok: 1 session, 4 timelines, 19 steps, 7 keyframes; integrity_check ok; every state hash verified\n")
    }
}
