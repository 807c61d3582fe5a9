import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The full-screen stepper, run by the built `udf-inspect` in a real
/// pseudo-terminal, with a tiny VT100 model reading its screen.
@Suite struct StepperTerminalTests {
    private func start(_ arguments: [String] = [], columns: Int = 80, rows: Int = 24) throws -> (PseudoTerminal, termios) {
        let terminal = try PseudoTerminal(columns: columns, rows: rows)
        let before = try terminal.settings()
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        try terminal.start(Executables.url("udf-inspect"), ["step", Fixtures.demo] + arguments, environment: environment)
        try terminal.waitUntil("the first frame") { $0.lines[0].contains("step ") }
        return (terminal, before)
    }

    @discardableResult
    private func status(_ terminal: PseudoTerminal, shows text: String) throws -> VirtualScreen {
        try terminal.waitUntil("'\(text)' on the status line") { $0.lines[0].contains(text) }
    }

    private func sameModes(_ a: termios, _ b: termios) -> Bool {
        var a = a
        var b = b
        let flags = a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
        let characters = withUnsafeBytes(of: &a.c_cc) { left in withUnsafeBytes(of: &b.c_cc) { right in left.elementsEqual(right) } }
        return flags && characters
    }

    @Test func scriptedKeysDriveTheScreenAndQRestoresTheTerminal() throws {
        let (terminal, before) = try start()
        var screen = terminal.screen
        #expect(screen.isAlternate)
        #expect(screen.lines[1] == "initial state (no step before 0 to diff with) · (initial state)")
        let raw = try terminal.settings()
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(!sameModes(raw, before))

        terminal.send("n")
        screen = try status(terminal, shows: "step 1 of 13 · addTodo")
        #expect(screen.lines[1] == #"diff 0 → 1 · addTodo("Buy milk")"#)
        #expect(Array(screen.lines[2...5]) == ["  {", "    … (2 unchanged)", #"-   "nextID": 1"#, #"+   "nextID": 2"#])

        terminal.send("\u{1B}[C")
        screen = try status(terminal, shows: "step 2 of 13")
        #expect(screen.lines[1] == #"diff 1 → 2 · addTodo("Walk the dog")"#)
        terminal.send("\u{1B}[D")
        try status(terminal, shows: "step 1 of 13")
        terminal.send("p")
        try status(terminal, shows: "step 0 of 13")
        terminal.send("G")
        screen = try status(terminal, shows: "step 13 of 13 · setFilter")
        #expect(screen.lines[1] == #"diff 12 → 13 · setFilter("all")"#)
        terminal.send("g")
        try status(terminal, shows: "step 0 of 13")

        terminal.send(":1")
        screen = try terminal.waitUntil("the jump prompt") { $0.lines[23] == ":1" }
        terminal.send("1\r")
        screen = try status(terminal, shows: "step 11 of 13 · deleteTodos")
        #expect(screen.lines[1] == "diff 10 → 11 · deleteTodos(offsets: [1])")
        #expect(screen.lines.contains(#"-       "title": "Walk the dog""#))

        terminal.send("d")
        screen = try terminal.waitUntil("the whole state") { $0.lines[1].hasPrefix("state · ") }
        #expect(Array(screen.lines[2...3]) == ["{", #"  "filter": "active","#])
        #expect(screen.lines[23].hasSuffix("lines 1–21 of 31"))
        terminal.send("jj")
        screen = try terminal.waitUntil("two lines scrolled") { $0.lines[23].hasSuffix("lines 3–23 of 31") }
        #expect(screen.lines[2] == #"  "login": {"#)
        terminal.send(" ")
        try terminal.waitUntil("a page scrolled") { $0.lines[23].hasSuffix("lines 11–31 of 31") }

        terminal.send("s.todos[id=3]\r")
        screen = try terminal.waitUntil("the state at a path") { $0.lines[1].hasPrefix("state at .todos[id=3]") }
        #expect(Array(screen.lines[2...6]) == ["{", #"  "done": false,"#, #"  "id": 3,"#, #"  "title": "Pay rent""#, "}"])

        terminal.send("d")
        try terminal.waitUntil("the diff again") { $0.lines[1].hasPrefix("diff 10 → 11") }

        terminal.send("gf.todos[*].done == true\r")
        screen = try status(terminal, shows: "step 8 of 13 · toggleTodo")
        #expect(screen.lines[23] == "step 8 matches .todos[*].done == true")
        terminal.send("n")
        screen = try status(terminal, shows: "step 9 of 13")
        terminal.send("\u{1B}n")
        try status(terminal, shows: "step 10 of 13")

        terminal.send("b")
        try terminal.waitUntil("the branch prompt") { $0.lines[23].hasPrefix("branch here, name:") }
        terminal.send("\u{7F}")
        try terminal.waitUntil("the prompt closed") { !$0.lines[23].hasPrefix("branch here, name:") }
        terminal.send("h")
        screen = try terminal.waitUntil("the help") { $0.lines[1] == "help" }
        #expect(screen.lines[2] == "keys")
        terminal.send("x")
        try terminal.waitUntil("the help closed") { $0.lines[1].hasPrefix("diff 9 → 10") }

        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.screen.isAlternate)
        #expect(terminal.screen.isCursorVisible)
        #expect(sameModes(try terminal.settings(), before))
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalRestoresTheTerminal(_ signal: Int32, expectedStatus: Int32) throws {
        let (terminal, before) = try start(["--at", "5"])
        try status(terminal, shows: "step 5 of 13")
        #expect(!sameModes(try terminal.settings(), before))
        kill(terminal.process.processIdentifier, signal)
        #expect(try terminal.waitForExit() == expectedStatus)
        #expect(!terminal.screen.isAlternate)
        #expect(sameModes(try terminal.settings(), before))
    }

    @Test func ctrlCQuitsWith130AndRestoresTheTerminal() throws {
        let (terminal, before) = try start()
        terminal.send("\u{03}")
        #expect(try terminal.waitForExit() == 130)
        #expect(!terminal.screen.isAlternate)
        #expect(sameModes(try terminal.settings(), before))
    }

    @Test func aResizeRedrawsAtTheNewWidth() throws {
        let (terminal, _) = try start(["--at", "11"])
        var size = winsize(ws_row: 24, ws_col: 30, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(terminal.master, UInt(TIOCSWINSZ), &size)
        kill(terminal.process.processIdentifier, SIGWINCH)
        let screen = try terminal.waitUntil("a frame 30 columns wide") { $0.lines[0] == "session 1 · main · step 11 of…" }
        #expect(screen.lines[1] == "diff 10 → 11 · deleteTodos(of…")
        terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
    }
}
