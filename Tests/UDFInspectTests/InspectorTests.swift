import Foundation
import Testing
@testable import UDFInspect

@Suite struct InspectorTests {
    let inspector = Inspector(commands: [EchoCommand.self, FailCommand.self])

    /// Runs `arguments` on a capturing console.
    private func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        terminal: Bool = false
    ) async -> (status: Int32, stdout: String, stderr: String) {
        let console = Console.capturing(stdoutIsTerminal: terminal)
        let status = await inspector.run(arguments, console: console, environment: environment)
        return (status, console.stdout, console.stderr)
    }

    // MARK: Help

    @Test func toolHelpGolden() async {
        let result = await run([])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        assertSnapshot(result.stdout, named: "help/tool.txt")
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], ["help", "--help"], ["--color", "never", "--help"]])
    func everyWayToAskForToolHelpPrintsTheSameText(_ arguments: [String]) async {
        let result = await run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout == inspector.toolHelp())
        #expect(result.stderr == "")
    }

    @Test func commandHelpGolden() async {
        let result = await run(["help", "echo"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        assertSnapshot(result.stdout, named: "help/echo.txt")
    }

    @Test(arguments: [["echo", "--help"], ["echo", "-h"], ["echo", "a", "--nope", "-h"], ["--color=always", "echo", "-h"]])
    func everyWayToAskForCommandHelpPrintsTheSameText(_ arguments: [String]) async {
        let result = await run(arguments)
        #expect(result.status == 0)
        let expected = await run(["help", "echo"]).stdout
        #expect(result.stdout == expected)
        #expect(result.stdout.hasPrefix("OVERVIEW: Print the words given.\n"))
        #expect(result.stderr == "")
    }

    @Test func version() async {
        let result = await run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "udf-inspect 0.1.0\n")
    }

    // MARK: Usage errors

    @Test func unknownCommandSuggests() async {
        let result = await run(["ehco", "hi"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            Error: Unknown command 'ehco'. Did you mean 'echo'?
            Usage: udf-inspect <command> <file> [options]
              See 'udf-inspect --help' for more information.

            """)
    }

    @Test func unknownCommandWithoutSuggestion() async {
        let result = await run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first == "Error: Unknown command 'frobnicate'")
    }

    @Test func helpForAnUnknownCommand() async {
        let result = await run(["help", "fial"])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first == "Error: Unknown command 'fial'. Did you mean 'fail'?")
    }

    @Test func helpWithTooManyWords() async {
        let result = await run(["help", "echo", "more"])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first == "Error: Unexpected argument 'more'")
    }

    @Test func unknownToolOption() async {
        let result = await run(["--verison"])
        #expect(result.status == 64)
        #expect(result.stderr == """
            Error: Unknown option '--verison'. Did you mean '--version'?
            Usage: udf-inspect <command> <file> [options]
              See 'udf-inspect --help' for more information.

            """)
    }

    @Test func unknownCommandOption() async {
        let result = await run(["echo", "hi", "--uper"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            Error: Unknown option '--uper'. Did you mean '--upper'?
            Usage: udf-inspect echo <words> ... [--upper] [--times <n>]
              See 'udf-inspect echo --help' for more information.

            """)
    }

    @Test func validationErrorFromTheCommand() async {
        let result = await run(["echo", "hi", "--times", "0"])
        #expect(result.status == 64)
        #expect(result.stderr == """
            Error: '--times' must be at least 1
            Usage: udf-inspect echo <words> ... [--upper] [--times <n>]
              See 'udf-inspect echo --help' for more information.

            """)
    }

    @Test func invalidTypedValue() async {
        let result = await run(["echo", "hi", "--times", "two"])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first == "Error: The value 'two' is invalid for '--times <n>'")
    }

    @Test func missingArgument() async {
        let result = await run(["echo"])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first == "Error: Missing expected argument '<words>'")
    }

    @Test func usageErrorWhileRunningUsesTheCommandsUsage() async {
        let result = await run(["fail", "app.udf", "--kind", "usage"])
        #expect(result.status == 64)
        #expect(result.stdout == "before failing\n")
        #expect(result.stderr == """
            Error: Step 9 is after the last step
            Usage: udf-inspect fail <file> [--kind <kind>]
              See 'udf-inspect fail --help' for more information.

            """)
    }

    // MARK: Running

    @Test func runsTheCommand() async {
        let result = await run(["echo", "hello", "world", "-u", "--times", "2"])
        #expect(result.status == 0)
        #expect(result.stdout == "HELLO WORLD\nHELLO WORLD\n")
        #expect(result.stderr == "")
    }

    @Test func commandExitCodeIsReturned() async {
        let result = await run(["fail", "app.udf", "--kind", "nothing"])
        #expect(result.status == 1)
        #expect(result.stdout == "before failing\n")
        #expect(result.stderr == "")
    }

    @Test(arguments: [
        ("cannot-open", Int32(66), "Error: cannot open 'x.udf': no such file\n"),
        ("corrupt", 65, "Error: 'x.udf' is not a valid recording: file is not a database\n"),
        ("not-found", 1, "Error: no step 42 in 'x.udf'\n"),
        ("io", 74, "Error: I/O error: reading 'x.udf': input/output error\n"),
    ])
    func inspectErrorsPrintOneLine(kind: String, status: Int32, stderr: String) async {
        let result = await run(["fail", "x.udf", "--kind", kind])
        #expect(result.status == status)
        #expect(result.stderr == stderr)
    }

    // MARK: Colour

    @Test func colourOnATerminal() async {
        #expect(await run(["echo", "hi"], terminal: true).stdout == "\u{1B}[1mhi\u{1B}[0m\n")
    }

    @Test func noColourIntoAPipe() async {
        #expect(await run(["echo", "hi"]).stdout == "hi\n")
    }

    @Test func noColourWhenNoColorIsSet() async {
        #expect(await run(["echo", "hi"], environment: ["NO_COLOR": "1"], terminal: true).stdout == "hi\n")
        #expect(await run(["echo", "hi"], environment: ["NO_COLOR": ""], terminal: true).stdout == "\u{1B}[1mhi\u{1B}[0m\n")
    }

    @Test(arguments: [
        ["--color", "always", "echo", "hi"],
        ["--color=always", "echo", "hi"],
        ["echo", "hi", "--color", "always"],
        ["echo", "--color=always", "hi"],
        ["--color", "never", "echo", "--color", "always", "hi"],
    ])
    func colourForcedOn(_ arguments: [String]) async {
        let result = await run(arguments, environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(result.stdout == "\u{1B}[1mhi\u{1B}[0m\n")
    }

    @Test func colourForcedOff() async {
        #expect(await run(["echo", "hi", "--color", "never"], terminal: true).stdout == "hi\n")
    }

    @Test func colourOptionAfterDoubleDashIsAWord() async {
        #expect(await run(["echo", "--", "--color", "always"]).stdout == "--color always\n")
    }

    @Test func invalidColourValue() async {
        let result = await run(["echo", "hi", "--color", "sometimes"])
        #expect(result.status == 64)
        #expect(result.stderr == """
            Error: The value 'sometimes' is invalid for '--color <when>'. Expected one of: auto, always, never
            Usage: udf-inspect echo <words> ... [--upper] [--times <n>]
              See 'udf-inspect echo --help' for more information.

            """)
    }

    @Test func missingColourValue() async {
        let result = await run(["--color"])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first == "Error: Missing value for '--color <when>'")
    }

    // MARK: Output failures

    @Test func unwritableStdoutExitsWithIOError() async throws {
        let output = Pipe()
        let errors = Pipe()
        // Writing to the read end of a pipe fails with EBADF, like a broken device.
        let console = Console.descriptors(
            output: output.fileHandleForReading.fileDescriptor,
            error: errors.fileHandleForWriting.fileDescriptor
        )
        let status = await inspector.run(["echo", "hi"], console: console, environment: [:])
        try errors.fileHandleForWriting.close()
        let stderr = String(decoding: try errors.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
        #expect(status == 74)
        #expect(stderr == "Error: cannot write output: Bad file descriptor\n")
    }
}
