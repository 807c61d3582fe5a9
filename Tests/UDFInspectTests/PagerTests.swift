import Foundation
import TestSupport
import Testing
@testable import UDFInspect

/// Long output goes through a pager on a terminal, as git's does, and never
/// into a pipe.
@Suite struct PagerTests {
    @Test func theCommandComesFromTheEnvironment() {
        let hasLess = Pager.isInstalled("less", path: "/usr/bin:/bin")
        #expect(Pager.command(environment: ["PATH": "/usr/bin:/bin"]) == (hasLess ? "less -FRX" : nil))
        #expect(Pager.command(environment: ["PATH": "/nonexistent"]) == nil)
        #expect(Pager.command(environment: ["PAGER": "more"]) == "more")
        #expect(Pager.command(environment: ["PAGER": "more", "UDF_PAGER": "most"]) == "most")
        #expect(Pager.command(environment: ["PAGER": ""]) == nil)
        #expect(Pager.command(environment: ["UDF_PAGER": "cat", "PAGER": "less"]) == nil)
    }

    private func runOnTerminal(_ arguments: [String]) throws -> VirtualScreen {
        let terminal = try PseudoTerminal(columns: 120, rows: 30)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        environment["UDF_PAGER"] = "sed 's/^/paged: /'"
        try terminal.start(Executables.url("udf-inspect"), arguments, environment: environment)
        #expect(try terminal.waitForExit() == 0)
        return terminal.screen
    }

    // `--no-header`: `log` decorates a terminal only, so the pipe's lines are compared without it.
    @Test func aTerminalGetsThePager() throws {
        let plain = try Executables.run("udf-inspect", ["log", Fixtures.demo, "--no-header"]).stdout.components(separatedBy: "\n")
        let screen = try runOnTerminal(["log", Fixtures.demo, "--no-header"])
        #expect(Array(screen.lines[0...1]) == ["paged: " + plain[0], "paged: " + plain[1]])
    }

    @Test func noPagerWritesStraightToTheTerminal() throws {
        let plain = try Executables.run("udf-inspect", ["log", Fixtures.demo, "--no-header"]).stdout.components(separatedBy: "\n")
        let screen = try runOnTerminal(["--no-pager", "log", Fixtures.demo, "--no-header"])
        #expect(Array(screen.lines[0...1]) == Array(plain[0...1]))
        let after = try runOnTerminal(["log", Fixtures.demo, "--no-header", "--no-pager"])
        #expect(Array(after.lines[0...1]) == Array(plain[0...1]))
    }

    @Test func aPipeIsNeverPaged() throws {
        let result = try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["UDF_PAGER=sed s/^/paged:/", Executables.inspector.path, "log", Fixtures.demo]
        )
        #expect(result.status == 0)
        #expect(!result.stdout.contains("paged:"))
        // A pipe gets no session line either: the column names come first.
        #expect(result.stdout.hasPrefix("STEP  TIME  "))
    }
}
