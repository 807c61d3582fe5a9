#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `udf-inspect step FILE`: step through a timeline, full screen on a
/// terminal, or through commands read as lines.
struct StepCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "step",
        abstract: "Step through a timeline: a full-screen view on a terminal, line commands otherwise.",
        discussion: """
            When stdin and stdout are both terminals, a full-screen view: n/p or the arrow keys step, g/G go to the ends, :N jumps, d toggles the diff and the whole state, s shows the state at a path, / finds a step with a predicate, ? lists the keys, q quits. Otherwise the commands are read as lines from stdin (next, prev, jump N, first, last, diff, state [PATH], find [EXPR], help, quit) and the output is plain text. Exits with 0, or with 64 when a line could not be run, 130 on SIGINT or Ctrl-C, 143 on SIGTERM.
            """,
        arguments: [CommonOptions.file],
        options: [
            CommonOptions.session,
            CommonOptions.timeline,
            .option("--at", value: "step", help: "The step to start at.", defaultDescription: "0"),
        ],
        examples: [
            "udf-inspect step todo.udf --at 11",
            "printf 'jump 11\\nstate .todos\\n' | udf-inspect step todo.udf",
        ]
    )

    let recording: RecordingArguments
    let start: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        start = try arguments.int("--at") ?? 0
        if start < 0 { throw arguments.usageError("'--at' must not be negative") }
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "step")
        let stepper = try StepperSession(document: try StepperDocument(selection), step: start)
        guard isatty(STDIN_FILENO) == 1, context.console.stdoutIsTerminal else {
            return StepperLineMode(session: stepper, console: context.console).run {
                readLine(strippingNewline: true)
            }
        }
        context.console.flush()
        let terminal = TerminalStepper(session: stepper, input: STDIN_FILENO, output: STDOUT_FILENO, colour: context.colour)
        let status = try terminal.run()
        guard let code = ExitCode(rawValue: status) else {
            // Ctrl-C in raw mode sends no signal; exit as SIGINT's handler does, the terminal already restored.
            context.console.flush()
            exit(status)
        }
        return code
    }
}
