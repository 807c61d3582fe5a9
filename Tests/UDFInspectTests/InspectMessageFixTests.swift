import Foundation
import TestSupport
import Testing

/// The smaller fixes of the consistent-CLI issue: `blame` rows cut where the
/// values differ, `replay --insert` at the end suggests a compare that shows
/// something, and counts agree with their nouns.
@Suite struct InspectMessageFixTests {
    @Test func blameCutsLongValuesAroundWhereTheyDiffer() async throws {
        let result = await InspectorHarness.run(["blame", Fixtures.demo, ".todos"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        assertSnapshot(result.stdout, named: "golden/blame-todos-elided.txt")
    }

    @Test func replayInsertingAtTheEndSuggestsACompareThatShowsTheInsertion() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "todo.udf")
        let replay = await InspectorHarness.run(["replay", path, "--insert", #"14={"addTodo":{"_0":"Buy bread"}}"#, "--name", "more"])
        #expect(replay.status == 0)
        #expect(replay.stderr == "")
        let quoted = path.contains(" ") ? "'\(path)'" : path
        #expect(replay.stdout == """
            Replayed 1 action of main from step 13 through reducer 'app' into 'more' (steps 14…14); effects were not run.
            Edits: inserted before 14 (recorded step numbers).
            Compare: udf-inspect diff \(quoted) main@13 more@14

            """)
        let compare = await InspectorHarness.run(["diff", path, "main@13", "more@14", "--format", "paths"])
        #expect(compare.status == 0)
        #expect(!compare.stdout.contains("(no changes)"))
        #expect(compare.stdout.contains(#""Buy bread""#))
    }

    /// A file whose name holds an escape and a newline is suggested as one
    /// visible line, `$'…'`, that a shell reads back as the very name; a
    /// quote and a backslash in the branch's name are quoted too. The
    /// printed command, run by bash, compares the two timelines.
    @Test func replaySuggestsACompareThatPastesWhateverTheFileIsNamed() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "todo\u{1B}[31m\n's.udf")
        let replay = await InspectorHarness.run(["replay", path, "--insert", #"14={"addTodo":{"_0":"Buy bread"}}"#, "--name", #"a'b\c"#])
        #expect(replay.status == 0, "\(replay.stderr)")
        let folder = String(path.dropLast("todo\u{1B}[31m\n's.udf".utf8.count))
        #expect(!folder.contains("'") && !folder.contains("\\"))
        let line = #"Compare: udf-inspect diff $'\#(folder)todo\x1b[31m\x0a\'s.udf' main@13 'a'\''b\c@14'"#
        #expect(replay.stdout.split(separator: "\n").last.map(String.init) == line)
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        let command = line.dropFirst("Compare: udf-inspect".count)
        let pasted = try Subprocess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "\"$0\"" + command + " --format paths", Executables.inspector.path])
        #expect(pasted.status == 0, "\(pasted.stderr)")
        #expect(pasted.stdout.contains(#""Buy bread""#), "\(pasted.stdout)")
    }

    @Test func oneOfAThingIsSingular() async throws {
        let directory = try TemporaryDirectory()
        let one = directory.path("one.udf")
        let exported = await InspectorHarness.run(["export", Fixtures.demo, "--from", "0", "--to", "0", "--format", "udf", "-o", one])
        #expect(exported.status == 0)
        #expect(exported.stdout.hasPrefix("Exported steps 0…0 of session 1, timeline main (1 step) as udf to "))
        let verified = await InspectorHarness.run(["verify", one])
        #expect(verified.stdout == "ok: 1 session, 1 timeline, 1 step, 1 keyframe; integrity_check ok; every state hash verified\n")
        let stats = await InspectorHarness.run(["stats", one])
        #expect(stats.stdout.split(separator: "\n").contains { $0.hasPrefix("  1 step: 1 keyframe (") && $0.hasSuffix("), 0 patches (0 bytes, largest 0)") }, "\(stats.stdout)")

        let two = directory.path("two.udf")
        _ = await InspectorHarness.run(["export", Fixtures.demo, "--from", "13", "--to", "13", "--format", "udf", "-o", two])
        let replayed = await InspectorHarness.run(["verify", two, "--replay"])
        #expect(replayed.stdout == "ok: replayed 1 action of main through reducer 'app'; every state matches the recording\n")
    }
}
