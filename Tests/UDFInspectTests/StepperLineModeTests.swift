import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect

/// Line mode, driven through stdin of the built `udf-inspect` and in-process.
@Suite struct StepperLineModeTests {
    static let script = """
        next
        next
        prev
        jump 11
        state .todos[id=3]
        state
        diff
        first
        find .todos[*].done == true
        find
        find .filter == "all"
        find
        help
        last
        next
        first
        prev
        jump 99
        walk
        quit
        next
        """

    @Test func scriptedThroughStdinMatchesGoldenText() throws {
        let result = try Executables.run("udf-inspect", ["step", Fixtures.demo], input: Self.script + "\n")
        #expect(result.status == 64)
        #expect(result.stderr == """
            Error: no step 99: steps are 0…13
            Error: unknown command 'walk'; type 'help' for the commands

            """)
        assertSnapshot(result.stdout, named: "golden/step-line-mode.txt")
    }

    @Test func endOfInputQuitsWithZero() throws {
        let result = try Executables.run("udf-inspect", ["step", Fixtures.demo, "--at", "13"], input: "prev\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let statusLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("session ") }
        #expect(statusLines == [
            "session 1 · main · step 13 of 13 · setFilter · \(try time(13)) · no cause",
            "session 1 · main · step 12 of 13 · toggleTodo · \(try time(12)) · no cause",
        ])
    }

    @Test func eachStepShowsItsActionAndDiff() throws {
        let (output, status) = try runInProcess(["jump 7", "next"], at: 6)
        #expect(status == .success)
        let blocks = output.components(separatedBy: "\n\n")
        #expect(blocks[1].hasPrefix("session 1 · main · step 7 of 13 · loginResponse · \(try time(7)) · cause 6\ndiff 6 → 7 · loginResponse("))
        #expect(blocks[2] == """
            session 1 · main · step 8 of 13 · toggleTodo · \(try time(8)) · no cause
            diff 7 → 8 · toggleTodo(id: 1)
              {
                … (3 unchanged)
                "todos": [
                  [id=1]: {
            -       "done": false
            +       "done": true
                    … (2 unchanged)
                  }
                  … (2 unchanged)
                ]
              }
            """)
    }

    /// The stepper's find searches as `find` does, through the index; it
    /// must stop where walking every state first finds the predicate true.
    @Test func findStopsWhereWalkingEveryStateDoes() throws {
        let selection = try RecordingSelection(path: Fixtures.path("todo-workload.udf"), session: nil, timeline: nil)
        let document = try StepperDocument(selection)
        let walk = try WalkedStates(selection.recording, selection.timeline)
        let last = selection.timeline.lastStep
        var matched = 0
        for text in [".todos[0].done == true", ".todos[2] exists", "not (.todos[3] exists)", ".filter == \"active\"", "length(.todos) > 5"] {
            let predicate = try UDFDiff.Predicate.parse(text)
            for start in [0, 1, 40, 150, last - 1] {
                let walked = walk.answers(predicate, in: (start + 1)...last).first
                #expect(try document.firstMatch(of: predicate, after: start) == walked, "\(text) after \(start)")
                if walked != nil { matched += 1 }
            }
        }
        #expect(matched >= 10, "most searches find a step")
    }

    @Test func badLinesReportOneErrorEachAndGoOn() throws {
        let console = Console.capturing()
        let session = try StepperSession(document: StepperDocument(RecordingSelection(path: Fixtures.demo, session: nil, timeline: nil)), step: 0)
        var lines = ["jump x", "next 3", "state .todos[", "find .a ==", "next"][...]
        let status = StepperLineMode(session: session, console: console).run { lines.popFirst() }
        #expect(status == .usage)
        #expect(console.stderr == """
            Error: 'jump' needs a step, as in 'jump 40', 'jump last~2' or 'jump fix@40'
            Error: 'next' takes no argument, got '3'
            Error: invalid path '.todos[': expected an index, '*', a quoted key or 'id=' after '[' at column 8
            Error: invalid predicate '.a ==': expected a JSON value at column 6

            """)
        #expect(session.state.step == 1)
    }

    @Test func parsesEveryCommand() throws {
        #expect(try StepperLineCommand.parse("next") == .next)
        #expect(try StepperLineCommand.parse("  prev ") == .previous)
        #expect(try StepperLineCommand.parse("jump 40") == .jump(40))
        #expect(try StepperLineCommand.parse(":12") == .jump(12))
        #expect(try StepperLineCommand.parse("first") == .first)
        #expect(try StepperLineCommand.parse("last") == .last)
        #expect(try StepperLineCommand.parse("diff") == .showDiff)
        #expect(try StepperLineCommand.parse("state") == .showState(path: nil))
        #expect(try StepperLineCommand.parse("state .todos[0]") == .showState(path: ".todos[0]"))
        #expect(try StepperLineCommand.parse("find .a == 1 and .b exists") == .find(".a == 1 and .b exists"))
        #expect(try StepperLineCommand.parse("find") == .find(nil))
        #expect(try StepperLineCommand.parse("help") == .help)
        #expect(try StepperLineCommand.parse("quit") == .quit)
        #expect(try StepperLineCommand.parse("") == nil)
        #expect(throws: StepperLineError("unknown command 'nxt'; type 'help' for the commands")) {
            try StepperLineCommand.parse("nxt")
        }
    }

    private func runInProcess(_ lines: [String], at step: Int) throws -> (String, ExitCode) {
        let console = Console.capturing()
        let selection = try RecordingSelection(path: Fixtures.demo, session: nil, timeline: nil)
        let session = try StepperSession(document: StepperDocument(selection), step: step)
        var remaining = lines[...]
        let status = StepperLineMode(session: session, console: console).run { remaining.popFirst() }
        return (console.stdout, status)
    }

    private func time(_ step: Int) throws -> String {
        let selection = try RecordingSelection(path: Fixtures.demo, session: nil, timeline: nil)
        return TimeFormat.timeOfDay(try selection.summary(step, on: selection.timeline).time)
    }

    @Test func causeAndTimelineAtStepMoveAcrossTheRecording() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        #expect(await InspectorHarness.run(["branch", path, "--at", "5", "--name", "fix"]).status == 0)
        let result = try Executables.run("udf-inspect", ["step", path], input: "jump 7\ncause\ncause\njump fix@3\njump fx@3\n:main@12\n")
        let statusLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("session 1 · ") }
            .map { $0.components(separatedBy: " · ").prefix(4).joined(separator: " · ") }
        #expect(statusLines == [
            "session 1 · main · step 0 of 13 · (initial state)",
            "session 1 · main · step 7 of 13 · loginResponse",
            "session 1 · main · step 6 of 13 · submitLogin",
            "session 1 · fix · step 3 of 5 · addTodo",
            "session 1 · main · step 12 of 13 · toggleTodo",
        ])
        #expect(result.stdout.contains("\nstep 7's action was sent by an effect of step 6\n"))
        #expect(result.stdout.contains("\nstep 6 has no cause: a user or system action sent it\n"))
        #expect(result.stderr == "Error: timeline 'fx' does not exist in session 1. Did you mean 'fix'?\n")
        #expect(result.status == 64)
    }
    @Test func timelinesNamedWithOtherScalarsAreTwo() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        // The same name to Swift's `==`, two names to the file.
        #expect(await InspectorHarness.run(["branch", path, "--at", "5", "--name", "caf\u{E9}"]).status == 0)
        #expect(await InspectorHarness.run(["branch", path, "--at", "8", "--name", "cafe\u{301}"]).status == 0)
        let input = "jump cafe\u{301}@3\njump caf\u{E9}@4\njump cafe\u{301}@6\n"
        let result = try Executables.run("udf-inspect", ["step", path], input: input)
        let statusLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("session 1 · ") }
            .map { $0.components(separatedBy: " · ").prefix(3).joined(separator: " · ") }
        // By bytes: `==` on the lines would not tell the names apart.
        #expect(statusLines.map { Array($0.utf8) } == [
            "session 1 · main · step 0 of 13",
            "session 1 · cafe\u{301} · step 3 of 8",
            "session 1 · caf\u{E9} · step 4 of 5",
            "session 1 · cafe\u{301} · step 6 of 8",
        ].map { Array($0.utf8) })
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }
}
