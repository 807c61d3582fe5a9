import Foundation
import TestSupport
import Testing
@testable import UDFInspect

/// The stepper's comfort keys, each run by the built `udf-inspect` in a real
/// pseudo-terminal: the cause, other timelines, text search, folding, scroll
/// kept by path, hints that fit, and a recording that grows.
@Suite struct StepperComfortTests {
    private func start(_ arguments: [String] = [], path: String = Fixtures.demo, columns: Int = 80, rows: Int = 24) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(columns: columns, rows: rows)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        try terminal.start(Executables.url("udf-inspect"), ["step", path] + arguments, environment: environment)
        try terminal.waitUntil("the first frame") { $0.lines[0].hasPrefix("session ") }
        return terminal
    }

    private func quit(_ terminal: PseudoTerminal) throws {
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func cJumpsToTheCause() throws {
        let terminal = try start(["--at", "7"])
        terminal.send("c")
        var screen = try terminal.waitUntil("step 6") { $0.lines[0].contains("step 6 of 13 · submitLogin") }
        #expect(screen.lines[23] == "step 7's action was sent by an effect of step 6")
        terminal.send("c")
        screen = try terminal.waitUntil("no cause") { $0.lines[23].hasPrefix("step 6 has") }
        #expect(screen.lines[23] == "step 6 has no cause: a user or system action sent it")
        try quit(terminal)
    }

    @Test func colonTakesTimelineAtStep() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        #expect(try Executables.run("udf-inspect", ["branch", path, "--at", "5", "--name", "fix"]).status == 0)
        let terminal = try start(path: path)
        terminal.send(":fix@3\r")
        var screen = try terminal.waitUntil("the fix timeline") { $0.lines[0].hasPrefix("session 1 · fix · step 3 of 5 · addTodo · ") }
        #expect(screen.lines[1] == #"diff 2 → 3 · addTodo("Pay rent")"#)
        terminal.send(":fx@2\r")
        screen = try terminal.waitUntil("the error") { $0.lines[23].hasPrefix("Error:") }
        #expect(screen.lines[23] == "Error: timeline 'fx' does not exist in session 1. Did you mean 'fix'?")
        terminal.send(":fix@9\r")
        screen = try terminal.waitUntil("the range error") { $0.lines[23].hasPrefix("Error: no step 9") }
        #expect(screen.lines[23] == "Error: no step 9: timeline 'fix' has steps 0…5")
        terminal.send(":main@12\r")
        try terminal.waitUntil("main again") { $0.lines[0].hasPrefix("session 1 · main · step 12 of 13 · toggleTodo · ") }
        try quit(terminal)
    }

    @Test func slashAndQuestionMarkSearchTheTextWithNAndShiftN() throws {
        let terminal = try start(["--at", "11"], rows: 12)
        terminal.send("d")
        try terminal.waitUntil("the state") { $0.lines[1].hasPrefix("state · ") }
        terminal.send("/done\r")
        var screen = try terminal.waitUntil("the first match") { $0.lines[11].hasPrefix("/done") }
        #expect(screen.lines[2] == #"      "done": true,"#)
        #expect(screen.lines[11] == "/done: line 16 of 31")
        terminal.send("n")
        screen = try terminal.waitUntil("the next match") { $0.lines[11] == "/done: line 21 of 31" }
        #expect(screen.lines[2] == #"      "done": false,"#)
        #expect(screen.lines[0].contains("step 11 of 13"))
        terminal.send("N")
        screen = try terminal.waitUntil("the match before") { $0.lines[11] == "?done: line 16 of 31" }
        terminal.send("?login\r")
        screen = try terminal.waitUntil("a backward search") { $0.lines[11] == "?login: line 3 of 31" }
        #expect(screen.lines[2] == #"  "login": {"#)
        terminal.send("/nowhere\r")
        screen = try terminal.waitUntil("no match") { $0.lines[11].hasPrefix("'nowhere'") }
        #expect(screen.lines[11] == "'nowhere' is not in the text shown")
        terminal.send("\u{1B}")
        screen = try terminal.waitUntil("the hints") { $0.lines[11].hasPrefix("n/p step") }
        #expect(screen.lines[11] == "n/p step · : jump · d diff/state · /? search · h help · q quit  lines 3–11 of 31")

        // Stepping keeps the top line's path in view: `.login` is on top at step 12 too.
        terminal.send("n")
        screen = try terminal.waitUntil("step 12") { $0.lines[0].contains("step 12 of 13") }
        #expect(screen.lines[2] == #"  "login": {"#)
        try quit(terminal)
    }

    @Test func zFoldsTheSubtreeAtTheTopLineAcrossSteps() throws {
        let terminal = try start(["--at", "11"], rows: 12)
        terminal.send("d")
        try terminal.waitUntil("the state") { $0.lines[1].hasPrefix("state · ") }
        terminal.send("/login\r")
        try terminal.waitUntil("login on top") { $0.lines[2] == #"  "login": {"# }
        terminal.send("z")
        var screen = try terminal.waitUntil("folded") { $0.lines[11].hasPrefix("folded") }
        #expect(screen.lines[11] == "folded .login; z on it unfolds it")
        #expect(Array(screen.lines[2...4]) == [#"  "login": {… 4 keys},"#, #"  "nextID": 5,"#, #"  "todos": ["#])
        terminal.send("\u{1B}p")
        screen = try terminal.waitUntil("step 10") { $0.lines[0].contains("step 10 of 13") }
        #expect(screen.lines[2] == #"  "login": {… 4 keys},"#)

        terminal.send("/Buy\r")
        try terminal.waitUntil("Buy milk on top") { $0.lines[2] == #"      "title": "Buy milk""# }
        terminal.send("z")
        screen = try terminal.waitUntil("the element folded") { $0.lines[11].hasPrefix("folded .todos") }
        #expect(screen.lines[11] == "folded .todos[id=1]; z on it unfolds it")
        #expect(Array(screen.lines[2...4]) == ["    {… 3 keys},", "    {", #"      "done": false,"#])
        terminal.send("z")
        screen = try terminal.waitUntil("unfolded") { $0.lines[11].hasPrefix("unfolded") }
        #expect(screen.lines[11] == "unfolded .todos[id=1]")
        #expect(Array(screen.lines[2...3]) == ["    {", #"      "done": true,"#])
        try quit(terminal)
    }

    @Test(arguments: [
        (80, "n/p step · : jump · c cause · d diff/state · /? search · h help · q quit"),
        (60, "n/p step · : jump · /? search · h help · q quit"),
        (40, "n/p step · /? search · h help · q quit"),
        (20, "h help · q quit"),
    ])
    func hintsFitTheWidthByPriority(_ columns: Int, _ hints: String) throws {
        let terminal = try start(columns: columns)
        let screen = try terminal.waitUntil("the hints") { $0.lines[23].contains("h help") }
        #expect(screen.lines[23] == hints)
        try quit(terminal)
    }

    @Test func aRecordingThatGrowsShowsItsNewSteps() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.udf")
        let host = Process()
        host.executableURL = Executables.todoExample
        host.arguments = ["workload", path, "--actions", "50", "--seed", "3", "--pause-ms", "200"]
        host.standardOutput = FileHandle.nullDevice
        host.standardError = FileHandle.nullDevice
        try host.run()
        defer { if host.isRunning { host.terminate() } }
        // Wait for the session only: the stepper waits for its first step.
        let deadline = Date().addingTimeInterval(20)
        while (try? Executables.run("udf-inspect", ["timelines", path]).status) != 0 {
            guard Date() < deadline else { throw PseudoTerminalError("the host started no session") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let terminal = try start(path: path)
        var screen = try terminal.waitUntil("a live frame") { $0.lines[0].contains(" (recording) · ") }
        let first = screen.lines[0]
        #expect(first.hasPrefix("session 1 · main · step 0 of "))
        screen = try terminal.waitUntil(timeout: 20, "more steps") { $0.lines[0] != first && $0.lines[0].contains(" (recording) · ") }
        host.waitUntilExit()
        #expect(host.terminationStatus == 0)
        screen = try terminal.waitUntil(timeout: 20, "the closed session") { !$0.lines[0].contains("(recording)") }
        #expect(screen.lines[0].hasPrefix("session 1 · main · step 0 of 50 · (initial state) · "))
        #expect(screen.lines[0].hasSuffix(" · no cause"))
        terminal.send("G")
        screen = try terminal.waitUntil("the last step") { $0.lines[0].contains("step 50 of 50") }
        try quit(terminal)
    }

    /// Unfolded, the outline prints every state exactly as `prettyText` does.
    @Test func theOutlineIsThePrettyText() throws {
        let selection = try RecordingSelection(path: Fixtures.demo, session: nil, timeline: nil)
        for step in 0...selection.timeline.lastStep {
            let state = try selection.state(step, on: selection.timeline)
            let outline = StateOutline(state, folded: [])
            #expect(outline.lines.map(\.text).joined(separator: "\n") == state.prettyText(indent: 2), "step \(step)")
        }
    }
}
