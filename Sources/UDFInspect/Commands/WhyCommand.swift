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
        arguments: [CommonOptions.file, ArgumentSpec(name: "step", help: "The step, such as 7 or fix@7.")],
        options: [CommonOptions.session, CommonOptions.timeline, CommonOptions.json],
        examples: ["udf-inspect why todo.udf 7", "udf-inspect why todo.udf 7 --json"]
    )

    let recording: RecordingArguments
    let step: StepReference
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        step = try arguments.stepReference("step") ?? StepReference(timeline: nil, step: 0)
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "why")
        let timeline = try selection.timeline(for: step)
        let chain = try CausalChain(step: step.step, in: selection.recording, on: timeline)
        if json {
            context.console.json(JSONShapes.why(chain, step: step.step, timeline: timeline, session: selection.session))
            return .success
        }
        let console = context.console
        let colour = context.colour
        guard let root = chain.links.last else { return .success }
        console.out(colour.dim("why step \(step.step) · \(timeline.name)"))
        for line in LogCommand.table(chain.links.map(\.summary), on: timeline, colour: colour) {
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
                for line in LogCommand.table(link.siblings, on: timeline, colour: colour) { console.out("  " + line) }
            }
        }
        if chain.sent.isEmpty {
            console.out("The effects of step \(step.step) sent nothing.")
        } else {
            console.out("The effects of step \(step.step) sent:")
            for line in LogCommand.table(chain.sent, on: timeline, colour: colour) { console.out("  " + line) }
        }
        return .success
    }
}
