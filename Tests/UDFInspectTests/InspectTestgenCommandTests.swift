import Foundation
import TestSupport
import Testing
import TodoExample
import UDFInspect

/// `udf-inspect testgen`: the file it writes, its errors and exit codes.
@Suite struct InspectTestgenCommandTests {
    static let host = ["--module", "TodoExample", "--state", "AppState", "--action", "AppAction"]

    /// A copy of the demo recording, named todo.udf as the tour names it,
    /// with the fix replayed into the branch `fix` as the tour does.
    static func demoWithFix(_ directory: TemporaryDirectory) async throws -> String {
        let path = try directory.copy(Fixtures.demo, as: "todo.udf")
        let replay = await InspectorHarness.run(["replay", path, "--from", "10", "--reducer", "fixed", "--name", "fix"])
        try #require(replay.status == 0, "\(replay.stderr)")
        return path
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    }

    @Test func theFixTimelineBecomesATestFile() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.demoWithFix(directory)
        let out = directory.path("FixTimelineTests.swift")
        let result = await InspectorHarness.run(["testgen", path, "--timeline", "fix"] + Self.host + ["--reducer", "fixedAppReducer", "-o", out])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let text = try Self.text(out)
        #expect(result.stdout == "Wrote a test of steps 0…13 of session 1, timeline fix, to \(out): 13 steps (12 sent, 1 received, 2 with redacted values), \(text.utf8.count) bytes.\n")
        assertSnapshot(text, named: "golden/testgen-fix.swift.txt")
    }

    @Test func theSameRecordingGivesTheSameBytes() async throws {
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        var files: [String] = []
        for directory in [first, second] {
            let path = try await Self.demoWithFix(directory)
            let out = directory.path("FixTimelineTests.swift")
            let result = await InspectorHarness.run(["testgen", path, "--timeline", "fix"] + Self.host + ["--reducer", "fixedAppReducer", "-o", out])
            #expect(result.status == 0)
            files.append(try Self.text(out))
        }
        #expect(files[0] == files[1])
        #expect(Data(files[0].utf8) == Data(files[1].utf8))
    }

    @Test func aRangeWithoutEffectsNamesWhereEachActionCameFrom() async throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("LoginTests.swift")
        let result = await InspectorHarness.run(
            ["testgen", Fixtures.demo, "--from", "4", "--to", "8", "--effects", "skip", "--name", "LoginTests"] + Self.host + ["--reducer", "appReducer", "-o", out]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.text(out).split(separator: "\n").map(String.init)
        #expect(lines.contains("@Suite struct LoginTests {"))
        #expect(lines.contains("        let timeline = try RecordedTimeline(firstStep: 4, initialState: Self.initialState, steps: Self.steps)"))
        #expect(lines.contains("        ReplayCheck<AppState, AppAction>(reducer: appReducer).run(timeline)"))
        #expect(lines.filter { $0.hasPrefix("        // step ") } == [
            "        // step 5 · passwordChanged · sent by the user · redacted: if it no longer decodes, its recorded change is applied instead",
            "        // step 6 · submitLogin · sent by the user",
            "        // step 7 · loginResponse · sent by the effect of step 6: replayed as recorded · redacted: if it no longer decodes, its recorded change is applied instead",
            "        // step 8 · toggleTodo · sent by the user",
        ])
        #expect(lines.contains(##"        #"{"step":5,"send":{"passwordChanged":"<redacted>"},"patch":[]}"#,"##))
    }

    @Test func anEffectBeforeTheRangeIsSentAndOneAfterItIsDropped() async throws {
        let directory = try TemporaryDirectory()
        let before = directory.path("Before.swift")
        let result = await InspectorHarness.run(["testgen", Fixtures.demo, "--from", "6", "--to", "8"] + Self.host + ["--reducer", "appReducer", "-o", before])
        #expect(result.status == 0, "\(result.stderr)")
        let sent = try Self.text(before)
        #expect(sent.contains("        // step 7 · loginResponse · sent by the effect of step 6, before this range: sent here · redacted: if it no longer decodes, its recorded change is applied instead\n"))
        #expect(sent.contains(#"#"{"step":7,"send":{"loginResponse":"#))
        #expect(!sent.contains("effectsOutliveRange"))

        let after = directory.path("After.swift")
        let cut = await InspectorHarness.run(["testgen", Fixtures.demo, "--from", "4", "--to", "6"] + Self.host + ["--reducer", "appReducer", "-o", after])
        #expect(cut.status == 0, "\(cut.stderr)")
        let outlived = try Self.text(after)
        #expect(outlived.contains("        let timeline = try RecordedTimeline(firstStep: 4, initialState: Self.initialState, steps: Self.steps, effectsOutliveRange: true)\n"))
        #expect(outlived.contains("    /// Effects of these steps sent actions after step 6: what is not\n"))
    }

    @Test func secretsStayOutOfTheFile() async throws {
        let directory = try TemporaryDirectory()
        let careless = directory.path("careless.udf")
        try UnredactedRecording.make(at: careless)
        let out = directory.path("CarelessTests.swift")
        let result = await InspectorHarness.run(["testgen", careless, "--redact", "phone"] + Self.host + ["--reducer", "appReducer", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try Self.text(out)
        #expect(!text.contains(DemoScript.password))
        #expect(!text.contains(UnredactedRecording.phone))
        #expect(text.contains(#"#"{"step":1,"send":{"passwordChanged":"<redacted>"},"#))
        #expect(text.contains("--redact phone -o CarelessTests.swift\n"))
    }

    @Test func aHostileActionNameCannotLeaveItsComment() async throws {
        let directory = try TemporaryDirectory()
        let redux = directory.path("hostile.json")
        let payload = #"[{\"type\": \"evil\\nfatalError()\\u2028x\"}]"#
        try Data(#"{"payload": "\#(payload)", "preloadedState": "{\"value\": 0}"}"#.utf8).write(to: URL(fileURLWithPath: redux))
        let recording = directory.path("hostile.udf")
        let imported = await InspectorHarness.run(["import", recording, redux])
        try #require(imported.status == 0, "\(imported.stderr)")
        let out = directory.path("HostileTests.swift")
        let result = await InspectorHarness.run(["testgen", recording] + Self.host + ["--reducer", "appReducer", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.text(out).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("        // step 1 · evil?fatalError()?x · sent by the user"))
        #expect(!lines.contains { $0.hasPrefix("fatalError") })
        #expect(lines.contains(##"        #"{"step":1,"send":{"type":"evil\nfatalError()\u2028x"},"patch":[]}"#,"##))
    }

    // MARK: Bad input: one line on stderr, a documented exit code, no file written.

    struct BadInput: Sendable, CustomStringConvertible {
        let name: String
        let arguments: @Sendable (String) -> [String]
        let status: Int32
        let stderr: @Sendable (String) -> String
        var description: String { name }
    }

    static let badInputs: [BadInput] = [
        BadInput(name: "missing file", arguments: { _ in ["/nonexistent/todo.udf"] }, status: 66) { _ in
            "Error: cannot open '/nonexistent/todo.udf': no such file\n"
        },
        BadInput(name: "unknown timeline", arguments: { [$0, "--timeline", "nope"] }, status: 64) { _ in
            "Error: timeline 'nope' does not exist in session 1. Timelines: main, start\n"
        },
        BadInput(name: "from after to", arguments: { [$0, "--from", "12", "--to", "3"] }, status: 64) { _ in
            "Error: --from 12 is not before --to 3: the test needs at least one step after the one it starts from\n"
        },
        BadInput(name: "empty range", arguments: { [$0, "--from", "5", "--to", "5"] }, status: 64) { _ in
            "Error: --from 5 is not before --to 5: the test needs at least one step after the one it starts from\n"
        },
        BadInput(name: "to past the end", arguments: { [$0, "--to", "99"] }, status: 64) { _ in
            "Error: step 99 does not exist: timeline 'main' has steps 0…13\n"
        },
        BadInput(name: "from past the end", arguments: { [$0, "--from", "20"] }, status: 64) { _ in
            "Error: step 20 does not exist: timeline 'main' has steps 0…13\n"
        },
        BadInput(name: "a timeline with no action", arguments: { [$0, "--timeline", "start"] }, status: 1) { _ in
            "Error: timeline 'start' has no action to test: it holds only step 0\n"
        },
    ]

    @Test(arguments: badInputs)
    func badInputIsOneLineAndAnExitCode(_ bad: BadInput) async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "todo.udf")
        let branch = await InspectorHarness.run(["branch", path, "--at", "0", "--name", "start"])
        try #require(branch.status == 0)
        let out = directory.path("Out.swift")
        let result = await InspectorHarness.run(["testgen"] + bad.arguments(path) + Self.host + ["--reducer", "appReducer", "-o", out])
        #expect(result.status == bad.status)
        #expect(result.stderr == bad.stderr(path))
        #expect(result.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anUnwritableOutputIsAnIOError() async throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("no-such-folder/Out.swift")
        let result = await InspectorHarness.run(["testgen", Fixtures.demo] + Self.host + ["--reducer", "appReducer", "-o", out])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("Error: I/O error: cannot write '\(out)': "))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aFolderAsTheOutputIsAnIOErrorAndKeepsWhatItHolds() async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("Tests")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: folder + "/Kept.swift"))
        let result = await InspectorHarness.run(["testgen", Fixtures.demo] + Self.host + ["--reducer", "appReducer", "-o", folder])
        #expect(result.status == 74)
        #expect(result.stderr == "Error: I/O error: cannot write '\(folder)': is a directory\n")
        #expect(try String(contentsOfFile: folder + "/Kept.swift", encoding: .utf8) == "keep me")
    }

    @Test(arguments: [
        (["--module", "TodoExample", "--state", "AppState", "--action", "AppAction"], "Error: Missing '--reducer <name>': the app's name that the test uses"),
        (["--module", "TodoExample", "--state", "App State", "--action", "AppAction", "--reducer", "r"], "Error: 'App State' is not a Swift name for '--state': use letters, digits and _, joined by dots"),
        (["--module", "Todo.Example", "--state", "AppState", "--action", "AppAction", "--reducer", "r"], "Error: 'Todo.Example' is not a Swift name for '--module': use letters, digits and _"),
        (["--module", "TodoExample", "--state", "AppState", "--action", "AppAction", "--reducer", "r", "--name", "1st"], "Error: '1st' is not a Swift type name for '--name': use letters, digits and _"),
        (["--module", "TodoExample", "--state", "AppState", "--action", "AppAction", "--reducer", "r", "--effects", "some"], "Error: The value 'some' is invalid for '--effects <mode>'. Expected one of: run, skip"),
    ])
    func badFlagsAreUsageErrors(_ flags: [String], _ message: String) async throws {
        let directory = try TemporaryDirectory()
        let result = await InspectorHarness.run(["testgen", Fixtures.demo, "-o", directory.path("Out.swift")] + flags)
        #expect(result.status == 64)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == message)
        #expect(lines.last == "  See 'udf-inspect testgen --help' for more information.")
    }

    @Test func theDemoTourWritesATestFromTheFix() async throws {
        let result = await InspectorHarness.run(["demo"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let command = try #require(lines.firstIndex { $0.hasPrefix("$ udf-inspect testgen ") })
        #expect(lines[command - 1].hasPrefix("▸ Make sure the bug never comes back"))
        #expect(lines[command].hasSuffix(" --timeline fix --module TodoExample --state AppState --action AppAction --reducer fixedAppReducer -o \(lines[command].split(separator: " ").last ?? "")"))
        #expect(lines[command].hasSuffix("/FixTimelineTests.swift"))
        #expect(lines[command + 1].hasPrefix("Wrote a test of steps 0…13 of session 1, timeline fix, to "))
        #expect(lines[command + 2].hasPrefix("$ head -n 22 "))
        let golden = try Self.text(Fixtures.path("golden/testgen-fix.swift.txt"))
        let head = golden.split(separator: "\n", omittingEmptySubsequences: false).prefix(22).map(String.init)
        #expect(Array(lines[(command + 3)..<(command + 25)]) == head)
        #expect(lines[command + 25] == "")
    }
}
