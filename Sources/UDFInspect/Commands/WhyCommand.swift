import UDFJSON
import UDFLog

/// `udf-inspect why FILE STEP`: where the action at a step came from.
struct WhyCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "why",
        abstract: "Show the causal chain of a step: which effect sent its action, and why.",
        discussion: """
            Lists the action at STEP, the action whose effect sent it, that action's cause, and so on back to a user or system action. For each link it also lists the other actions the same effects sent, and at the end what the effects of STEP itself sent.
            """,
        arguments: [CommonOptions.file, ArgumentSpec(name: "step", help: "The step, such as 7, last or fix@7.")],
        options: [CommonOptions.session.spec, CommonOptions.timeline.spec, CommonOptions.json.spec, StepFilter.Options.localTime.spec],
        examples: ["udf-inspect why todo.udf 7", "udf-inspect why todo.udf 7 --json"]
    )

    let recording: RecordingArguments
    let step: StepReference
    let json: Bool
    let localTime: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        step = try arguments.stepReference("step") ?? StepReference(timeline: nil, position: 0)
        json = try arguments.value(CommonOptions.json)
        localTime = try arguments.value(StepFilter.Options.localTime)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "why")
        let (timeline, stepNumber) = try selection.resolve(step)
        let chain = try CausalChain(step: stepNumber, in: selection.recording, on: timeline)
        if json {
            try context.console.json(WhyOutput(
                session: selection.session.id,
                timeline: timeline.name,
                step: stepNumber,
                chain: chain.links.map { StepRecord($0.summary, on: timeline) },
                alsoSent: chain.links.compactMap { link in
                    link.summary.cause.map { WhyOutput.Siblings(cause: $0, steps: link.siblings.map { StepRecord($0, on: timeline) }) }
                },
                sent: chain.sent.map { StepRecord($0, on: timeline) }
            ))
            return .success
        }
        let console = context.console
        let colour = context.colour
        let zone = localTime ? StepFilter.localZone(context) : nil
        guard let root = chain.links.last else { return .success }
        console.out(colour.dim("why step \(stepNumber) · \(timeline.shownName)"))
        for line in StepTable.rows(chain.links.map(\.summary), on: timeline, colour: colour, timeZone: zone) {
            console.out(line)
        }
        if root.summary.action == nil {
            console.out("Step \(root.summary.step) is the initial state.")
        } else {
            console.out("Step \(root.summary.step) is a user or system action.")
        }
        for link in chain.links {
            guard let cause = link.summary.cause else { continue }
            if link.siblings.isEmpty {
                console.out("The effects of step \(cause) sent nothing else.")
            } else {
                console.out("The effects of step \(cause) also sent:")
                for line in StepTable.rows(link.siblings, on: timeline, colour: colour, timeZone: zone) { console.out("  " + line) }
            }
        }
        if chain.sent.isEmpty {
            console.out("The effects of step \(stepNumber) sent nothing.")
        } else {
            console.out("The effects of step \(stepNumber) sent:")
            for line in StepTable.rows(chain.sent, on: timeline, colour: colour, timeZone: zone) { console.out("  " + line) }
        }
        return .success
    }
}
