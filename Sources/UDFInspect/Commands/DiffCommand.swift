import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect diff FILE A [B]`: what changed between two states.
struct DiffCommand: InspectCommand {
    static let formats = ["tree", "patch", "paths"]

    static let format = OptionKey<String?>.choice("--format", value: "format", allowed: formats, help: "tree, patch or paths.", defaultDescription: "tree")
    static let path = OptionKey<JSONPath?>.path("--path", help: "Compare only the values at this path.")

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two steps.",
        discussion: """
            With one step, compares it with the step before it: what its action did. With two, compares A with B, which may be on different timelines (main@40 fix@40). Formats: 'tree' (readable, the default), 'patch' (RFC 6902 JSON Patch that turns A into B, printed alone for pipes) and 'paths' (one line per change). Equal states print nothing and exit with 0.
            """,
        arguments: [
            CommonOptions.file,
            ArgumentSpec(name: "a", help: "A step, such as 40, last, last~2 or fix@40."),
            ArgumentSpec(name: "b", help: "A second step; without it, A is compared with the step before it.", isOptional: true),
        ],
        options: [
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.format.spec,
            Self.path.spec,
            CommonOptions.json.spec,
        ],
        examples: ["udf-inspect diff todo.udf 11", "udf-inspect diff todo.udf 3 11 --format paths", "udf-inspect diff todo.udf main@40 fix@40"]
    )

    let recording: RecordingArguments
    let a: StepReference
    let b: StepReference?
    let format: String
    let statePath: JSONPath?
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        a = try arguments.stepReference("a") ?? StepReference(timeline: nil, position: 0)
        b = try arguments.stepReference("b")
        format = try arguments.value(Self.format) ?? "tree"
        statePath = try arguments.value(Self.path)
        json = try arguments.value(CommonOptions.json)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "diff")
        let first = try selection.resolve(a)
        let from: (TimelineInfo, Int)
        let to: (TimelineInfo, Int)
        if let b {
            from = first
            to = try selection.resolve(b)
        } else {
            guard first.step <= first.timeline.lastStep else { throw InspectError.badArgument(first.timeline.missingStepMessage(first.step)) }
            guard first.step > 0 else {
                throw InspectError.badArgument("step 0 is the initial state and has no step before it; give two steps, such as 'diff FILE 0 5'")
            }
            from = (first.timeline, first.step - 1)
            to = first
        }
        let diff = try StepDiff(selection, from: from, to: to, path: statePath)
        if json {
            try context.console.json(Self.output(diff, session: selection.session.id, path: statePath))
            return .success
        }
        if format == "patch" {
            // A machine format: the patch alone, `[]` for equal states, so `> fix.patch` and `| jq` work.
            context.console.write((diff.node?.patch().jsonValue ?? .array([])).prettyText(indent: 2) + "\n")
            return .success
        }
        let fromLabel = diff.label(from.0, from.1)
        let toLabel = diff.label(to.0, to.1)
        context.console.out(context.colour.dim("diff \(fromLabel) → \(toLabel) · \(ActionFormatter.format(diff.to.summary.action))\(statePath.map { " · at \($0)" } ?? "")"))
        guard let node = diff.node else {
            context.console.out(context.colour.dim("(no changes)"))
            return .success
        }
        context.console.write(Self.render(node, format: format, colour: context.colourEnabled))
        return .success
    }

    /// The diff in one of the three formats, ending with a newline.
    static func render(_ node: DiffNode, format: String, colour: Bool) -> String {
        let text = switch format {
        case "patch": node.patch().jsonValue.prettyText(indent: 2)
        case "paths": PathsDiffRenderer().render(node)
        default: TreeDiffRenderer(colour: colour).render(node)
        }
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    static func output(_ diff: StepDiff, session: Int, path: JSONPath?) -> DiffOutput {
        let changes: [DiffOutput.Change] = diff.node?.changes.map { change in
            let path = change.path.description
            return switch change.kind {
            case .replaced(let old, let new):
                DiffOutput.Change(path: path, kind: .changed, old: old, new: new, fromIndex: nil, toIndex: nil)
            case .added(let value):
                DiffOutput.Change(path: path, kind: .added, old: nil, new: value, fromIndex: nil, toIndex: nil)
            case .removed(let value):
                DiffOutput.Change(path: path, kind: .removed, old: value, new: nil, fromIndex: nil, toIndex: nil)
            case .moved(let from, let to):
                DiffOutput.Change(path: path, kind: .moved, old: nil, new: nil, fromIndex: from, toIndex: to)
            }
        } ?? []
        return DiffOutput(
            session: session,
            from: DiffOutput.Side(timeline: diff.from.timeline.name, step: diff.from.step),
            to: DiffOutput.Side(timeline: diff.to.timeline.name, step: diff.to.step),
            path: path?.description,
            equal: diff.node == nil,
            patch: diff.node?.patch().jsonValue ?? .array([]),
            changes: changes
        )
    }
}
