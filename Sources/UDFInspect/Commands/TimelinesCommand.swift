import UDFJSON
import UDFLog

/// `udf-inspect timelines FILE`: the tree of timelines with their fork points.
struct TimelinesCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "timelines",
        abstract: "Show the tree of timelines in a session.",
        discussion: "Every session starts with 'main'. A branch shares its parent's steps up to its fork step, then has its own.",
        arguments: [CommonOptions.file],
        options: [CommonOptions.session.spec, CommonOptions.json.spec],
        examples: ["udf-inspect timelines todo.udf"]
    )

    let path: String
    let session: Int?
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        session = try arguments.value(CommonOptions.session)
        json = try arguments.value(CommonOptions.json)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try RecordingSelection(path: path, session: session, timeline: nil)
        let timelines: [TimelineInfo]
        do {
            timelines = try selection.recording.timelines(in: selection.session)
        } catch {
            throw InspectError(error)
        }
        let names = Dictionary(uniqueKeysWithValues: timelines.map { ($0.id, $0.name) })
        if json {
            try context.console.json(TimelinesOutput(
                session: selection.session.id,
                timelines: timelines.map { TimelineRecord($0, parentName: $0.parentID.flatMap { names[$0] }) }
            ))
            return .success
        }
        context.console.out("session \(selection.session.id) (\(selection.session.shownApp))")
        let children = Dictionary(grouping: timelines.filter { $0.parentID != nil }) { $0.parentID ?? 0 }
        for root in timelines where root.parentID == nil {
            printTree(root, children: children, prefix: "", isLast: true, isRoot: true, context: context)
        }
        return .success
    }

    private func printTree(
        _ timeline: TimelineInfo,
        children: [Int: [TimelineInfo]],
        prefix: String,
        isLast: Bool,
        isRoot: Bool,
        context: CommandContext
    ) {
        let branch = isRoot ? "" : (isLast ? "└─ " : "├─ ")
        var line = prefix + branch + context.colour.bold(timeline.shownName)
        if let fork = timeline.forkStep {
            let own = timeline.lastStep >= timeline.firstOwnStep ? "own steps \(timeline.firstOwnStep)…\(timeline.lastStep)" : "no own steps yet"
            line += "  forked at \(fork), \(own)"
        } else {
            line += "  \(timeline.stepsText)"
        }
        context.console.out(line)
        let kids = children[timeline.id] ?? []
        let childPrefix = prefix + (isRoot ? "" : (isLast ? "   " : "│  "))
        for (index, child) in kids.enumerated() {
            printTree(child, children: children, prefix: childPrefix, isLast: index == kids.count - 1, isRoot: false, context: context)
        }
    }
}
