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
    static let at = OptionKey<StepPosition?>.position("--at", help: "The step to start at, such as 40 or last.", defaultDescription: "0")

    static let spec = CommandSpec(
        name: "step",
        abstract: "Step through a timeline: a full-screen view on a terminal, line commands otherwise.",
        discussion: """
            When stdin and stdout are both terminals, a full-screen view driven by the keys below; while the host still records, new steps appear, and a step to start at that it has not recorded yet is waited for. Otherwise the commands are read as lines from stdin (next, prev, jump N or jump TIMELINE@N, first, last, cause, diff, state [PATH], find [EXPR], branch NAME, help, quit) and the output is plain text.
            """,
        arguments: [CommonOptions.file],
        options: [
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.at.spec,
        ],
        sections: [
            HelpSection(title: "KEYS", entries: StepperKeyTable.helpEntries),
            HelpSection(title: "EXIT CODES", entries: [
                ("0", "After q, quit or the end of the input."),
                ("1", "The timeline has no steps: its session ended before the first."),
                ("64", "In line mode, when at least one line could not be run; or a usage error, such as a step to start at that the timeline does not hold."),
                ("65, 66, 74", "The file is not a sound recording, cannot be opened, or cannot be read."),
                ("129", "SIGHUP: the terminal went away."),
                ("130", "Ctrl-C or SIGINT."),
                ("143", "SIGTERM."),
            ]),
        ],
        examples: [
            "udf-inspect step todo.udf --at 11",
            "printf 'jump 11\\nstate .todos\\n' | udf-inspect step todo.udf",
        ]
    )

    let recording: RecordingArguments
    let start: StepPosition

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        start = try arguments.value(Self.at) ?? 0
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "step")
        // A number past the end waits for the host; a count back names a step already recorded.
        let start = try self.start.step(on: selection.timeline)
        let found = try LiveStepWait.timeline(holding: start, in: selection) {
            context.console.err("Waiting for the host to record step \(start) of timeline '\(selection.timeline.name)' (session \(selection.session.id)); Ctrl-C stops.")
        }
        let document = try StepperDocument(recording: selection.recording, session: found.session, timeline: found.timeline)
        let stepper = try StepperSession(document: document, step: start)
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
