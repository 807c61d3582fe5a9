import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect show FILE STEP`: the action and the state at a step.
struct ShowCommand: InspectCommand {
    static let path = OptionKey<JSONPath?>.path("--path", help: "Show only the value at this path, such as .todos[id=3] or .login.email.")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show the action and the state at a step, or part of the state.",
        discussion: "STEP is a number, or TIMELINE@STEP for a step of another timeline. With --path, only the value there is shown (on a terminal, after the step it is from); a path that selects nothing exits with 1.",
        arguments: [CommonOptions.file, ArgumentSpec(name: "step", help: "The step, such as 40, last, last~2 or fix@40.")],
        options: [
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.path.spec,
            CommonOptions.json.spec,
        ],
        examples: ["udf-inspect show todo.udf 11", "udf-inspect show todo.udf 11 --path .todos", "udf-inspect show todo.udf 5000 --json"]
    )

    let recording: RecordingArguments
    let step: StepReference
    let statePath: JSONPath?
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        step = try arguments.stepReference("step") ?? StepReference(timeline: nil, position: 0)
        statePath = try arguments.value(Self.path)
        json = try arguments.value(CommonOptions.json)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "show")
        let (timeline, stepNumber) = try selection.resolve(step)
        let summary = try selection.summary(stepNumber, on: timeline)
        let state = try selection.state(stepNumber, on: timeline)
        let record = StepRecord(summary, on: timeline)

        guard let statePath else {
            if json {
                try context.console.json(ShowOutput(
                    session: selection.session.id, timeline: timeline.name, step: record, state: state, path: nil, value: nil
                ))
            } else {
                printHeader(summary, timeline: timeline, context: context)
                context.console.out(state.prettyText(indent: 2))
            }
            return .success
        }
        let matches = statePath.select(in: state)
        guard !matches.isEmpty else {
            throw InspectError.notFound("the path \(statePath) selects nothing at step \(stepNumber) of '\(timeline.name)'")
        }
        let isSingle = !statePath.components.contains(.wildcard)
        if json {
            let value: ShowOutput.Selection = isSingle
                ? .single(matches[0].value)
                : .matches(matches.map { ShowOutput.Selection.Match(path: $0.path.description, value: $0.value) })
            try context.console.json(ShowOutput(
                session: selection.session.id, timeline: timeline.name, step: record, state: nil, path: statePath.description, value: value
            ))
        } else {
            // The value alone into a pipe, so `> value.json` and `| jq` work; people on a terminal see where it is from.
            if context.console.stdoutIsTerminal {
                printHeader(summary, timeline: timeline, context: context)
            }
            if isSingle {
                context.console.out(matches[0].value.prettyText(indent: 2))
            } else {
                for match in matches {
                    context.console.out("\(match.path) = \(match.value.canonicalText)")
                }
            }
        }
        return .success
    }

    private func printHeader(_ summary: StepSummary, timeline: TimelineInfo, context: CommandContext) {
        let colour = context.colour
        var line = "step \(summary.step) of \(timeline.shownName) · \(colour.bold(ActionFormatter.format(summary.action)))"
        line += " · \(TimeFormat.iso(summary.time))"
        if let nanoseconds = summary.reducerNanoseconds {
            line += " · reducer \(TimeFormat.duration(nanoseconds: nanoseconds))"
        }
        context.console.out(line)
        if let cause = summary.cause {
            context.console.out(colour.dim("sent by an effect of step \(cause)"))
        }
        if let statePath {
            context.console.out(colour.dim("state at \(statePath):"))
        } else {
            context.console.out(colour.dim("state:"))
        }
    }
}
