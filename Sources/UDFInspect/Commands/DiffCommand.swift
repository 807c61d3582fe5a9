import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect diff FILE A [B]`: what changed between two states.
struct DiffCommand: InspectCommand {
    static let formats = ["tree", "patch", "paths"]

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two steps.",
        discussion: """
            With one step, compares it with the step before it: what its action did. With two, compares A with B, which may be on different timelines (main@40 fix@40). Formats: 'tree' (readable, the default), 'patch' (RFC 6902 JSON Patch that turns A into B) and 'paths' (one line per change). Equal states print nothing and exit with 0.
            """,
        arguments: [
            CommonOptions.file,
            ArgumentSpec(name: "a", help: "A step, such as 40 or fix@40."),
            ArgumentSpec(name: "b", help: "A second step; without it, A is compared with the step before it.", isOptional: true),
        ],
        options: [
            CommonOptions.session,
            CommonOptions.timeline,
            .option("--format", value: "format", help: "tree, patch or paths.", defaultDescription: "tree"),
            .option("--path", value: "path", help: "Compare only the values at this path."),
            CommonOptions.json,
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
        a = try arguments.stepReference("a") ?? StepReference(timeline: nil, step: 0)
        b = try arguments.stepReference("b")
        format = try arguments.choice("--format", Self.formats) ?? "tree"
        statePath = try arguments.path("--path")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "diff")
        let first = try selection.timeline(for: a)
        let from: (TimelineInfo, Int)
        let to: (TimelineInfo, Int)
        if let b {
            from = (first, a.step)
            to = (try selection.timeline(for: b), b.step)
        } else {
            guard a.step > 0 else {
                throw InspectError.badArgument("step 0 is the initial state and has no step before it; give two steps, such as 'diff FILE 0 5'")
            }
            from = (first, a.step - 1)
            to = (first, a.step)
        }
        let diff = try StepDiff(selection, from: from, to: to, path: statePath)
        if json {
            context.console.json(Self.json(diff))
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

    static func json(_ diff: StepDiff) -> JSONValue {
        let changes: [JSONValue] = diff.node?.changes.map { change in
            var object: [String: JSONValue] = ["path": .string(change.path.description)]
            switch change.kind {
            case .replaced(let old, let new):
                object["kind"] = "replaced"
                object["old"] = old
                object["new"] = new
            case .added(let value):
                object["kind"] = "added"
                object["new"] = value
            case .removed(let value):
                object["kind"] = "removed"
                object["old"] = value
            case .moved(let from, let to):
                object["kind"] = "moved"
                object["fromIndex"] = .number(JSONNumber(from))
                object["toIndex"] = .number(JSONNumber(to))
            }
            return .object(object)
        } ?? []
        return .object([
            "from": .object(["timeline": .string(diff.from.timeline.name), "step": .number(JSONNumber(diff.from.step))]),
            "to": .object(["timeline": .string(diff.to.timeline.name), "step": .number(JSONNumber(diff.to.step))]),
            "equal": .bool(diff.node == nil),
            "patch": diff.node?.patch().jsonValue ?? .array([]),
            "changes": .array(changes),
        ])
    }
}
