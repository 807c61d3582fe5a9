import Foundation
import TestSupport
import Testing
import UDFLog
import UDFRecorder

/// `branch --delete` and `branch --rename`: what they refuse, with their
/// reasons, and that nothing else recorded changes.
@Suite struct InspectBranchEditTests {
    /// One session of edits on a copy of the demo recording, each command's
    /// exit status, stdout and stderr pinned in fixtures/golden/branch-edit.txt.
    @Test func deleteAndRenameRefuseWhatWouldLoseHistoryAndKeepTheRest() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "todo.udf")
        let mainBefore = try MainRows.digest(path)
        let steps: [[String]] = [
            ["replay", "--from", "10", "--reducer", "fixed", "--name", "fix"],
            ["branch", "--at", "fix@12", "--name", "fix-2"],
            ["branch", "--at", "11", "--name", "bug"],
            ["branch", "--delete", "main"],
            ["branch", "--rename", "main", "--name", "trunk"],
            ["branch", "--delete", "fix"],
            ["branch", "--delete", "nope"],
            ["branch", "--rename", "fix-2", "--name", "fix"],
            ["branch", "--rename", "fix-2", "--name", "12"],
            ["branch", "--rename", "fix-2"],
            ["branch", "--delete", "fix-2", "--name", "x"],
            ["branch", "--delete", "fix-2", "--at", "3"],
            ["branch", "--rename", "fix-2", "--name", "x", "--timeline", "fix"],
            ["branch", "--rename", "fix-2", "--name", "fix-retry"],
            ["timelines"],
            ["branch", "--rename", "fix-retry", "--name", "fix-3", "--json"],
            ["branch", "--delete", "fix-3", "--json"],
            ["branch", "--delete", "fix"],
            ["timelines"],
            ["log", "--timeline", "bug", "--last", "1"],
            ["verify"],
        ]
        var transcript = ""
        for arguments in steps {
            let result = await InspectorHarness.run([arguments[0], path] + arguments.dropFirst())
            transcript += "$ " + (["udf-inspect", arguments[0], "todo.udf"] + arguments.dropFirst()).joined(separator: " ") + "\n"
            transcript += InspectFilterGoldenTests.transcript(result).replacingOccurrences(of: path, with: "todo.udf") + "\n"
        }
        assertSnapshot(transcript, named: "golden/branch-edit.txt")
        #expect(try MainRows.digest(path) == mainBefore)
        let database = try Recording(path: path)
        let session = try database.session(nil)
        #expect(try database.timelines(in: session).map(\.name) == ["main", "bug"])
    }

    @Test func aSessionStillRecordingIsNotEdited() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.udf")
        let recorder = try Recorder(path: path, app: "Live")
        recorder.start(state: ["count": 0])
        recorder.record(action: ["increment": 1], state: ["count": 1])
        recorder.flush()
        try RecordingBranches.create(path: path, at: 1, name: "side")

        let refused = await InspectorHarness.run(["branch", path, "--delete", "side"])
        #expect(refused.status == 64)
        #expect(refused.stdout == "")
        #expect(refused.stderr.hasPrefix("Error: cannot delete timeline 'side': session 1 is still recording (pid \(getpid()) on "))
        #expect(refused.stderr.hasSuffix("); try again after it closes\n"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let renamed = await InspectorHarness.run(["branch", path, "--rename", "side", "--name", "other"])
        #expect(renamed.status == 64)

        try recorder.close()
        let deleted = await InspectorHarness.run(["branch", path, "--delete", "side"])
        #expect(deleted.status == 0)
        #expect(deleted.stdout == "Deleted timeline 'side' of session 1, forked from main at step 1; it stored no steps of its own.\n")
        let verified = await InspectorHarness.run(["verify", path])
        #expect(verified.status == 0)
    }
}
