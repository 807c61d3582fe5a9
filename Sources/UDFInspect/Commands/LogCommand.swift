import Foundation
import UDFJSON
import UDFLog

/// `udf-inspect log FILE`: the steps of a timeline, filtered.
struct LogCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "log",
        abstract: "List the steps of a timeline: action, time and cause.",
        discussion: "Filters combine: a range, action-name globs (shell rules: any --action, no --exclude-action), a regular expression over the action's JSON (--grep) and a time window. The text output shortens long actions to 72 characters; --json prints them whole. Exits with 1 when no step matches.",
        arguments: [CommonOptions.file],
        options: [
            CommonOptions.session,
            CommonOptions.timeline,
            .option("--from", value: "step", help: "The first step to list."),
            .option("--to", value: "step", help: "The last step to list."),
            .option("--first", value: "n", help: "List only the first n matching steps."),
            .option("--last", value: "n", help: "List only the last n matching steps."),
            .flag("--follow", help: "Keep printing steps as a running host records them, until its session ends."),
            CommonOptions.json,
        ] + StepFilter.options,
        examples: [
            "udf-inspect log todo.udf --last 20",
            "udf-inspect log todo.udf --follow --json",
            "udf-inspect log todo.udf --action 'login*' --json",
            "udf-inspect log todo.udf --exclude-action 'set*' --since 03:17:45.259 --local-time",
            "udf-inspect log todo.udf --from 100 --to 200",
        ]
    )

    static let actionWidth = 72

    let recording: RecordingArguments
    let filter: StepFilter
    let range: ClosedRange<Int>?
    let limit: Int?
    let fromEnd: Bool
    let json: Bool
    let follow: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        json = arguments.flag("--json")
        follow = arguments.flag("--follow")
        let from = try arguments.int("--from")
        let to = try arguments.int("--to")
        let first = try arguments.int("--first")
        let last = try arguments.int("--last")
        if first != nil && last != nil {
            throw arguments.usageError("'--first' and '--last' cannot be used together")
        }
        if let from, from < 0 { throw arguments.usageError("'--from' must not be negative") }
        if let from, let to, to < from {
            throw arguments.usageError("'--to' (\(to)) must not be before '--from' (\(from))")
        }
        if let limit = first ?? last, limit < 1 {
            throw arguments.usageError("'\(first != nil ? "--first" : "--last")' must be at least 1")
        }
        filter = try StepFilter(arguments)
        range = (from != nil || to != nil) ? (from ?? 0)...(to ?? Int.max) : nil
        limit = first ?? last
        fromEnd = last != nil
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        let query = filter.query(for: selection.session, in: context, range: range, limit: limit, fromEnd: fromEnd)
        if follow {
            return try LogFollower(selection: selection, query: query, json: json, timeZone: filter.timeZone(in: context)).run(context)
        }
        let steps: [StepSummary]
        do {
            steps = try selection.recording.steps(on: selection.timeline, matching: query)
        } catch {
            throw InspectError(error)
        }
        if json {
            context.console.json(.object([
                "session": .number(JSONNumber(selection.session.id)),
                "timeline": .string(selection.timeline.name),
                "steps": .array(steps.map { JSONShapes.step($0, on: selection.timeline) }),
            ]))
        } else {
            context.console.out(context.colour.dim(LogCommand.header(selection, timeZone: filter.timeZone(in: context))))
            for line in LogCommand.table(steps, on: selection.timeline, colour: context.colour, timeZone: filter.timeZone(in: context)) {
                context.console.out(line)
            }
        }
        if steps.isEmpty {
            context.console.err("No steps match.")
            return .notFound
        }
        return .success
    }

    static func header(_ selection: RecordingSelection, timeZone: TimeZone? = nil) -> String {
        let session = selection.session
        let timeline = selection.timeline
        return "session \(session.id) · \(session.app) · \(timeline.name) · steps 0…\(timeline.lastStep) · \(session.status.rawValue) · started \(TimeFormat.iso(session.startedAt, in: timeZone))"
    }

    /// The step table shared by `log` and the demo tour.
    static func table(_ steps: [StepSummary], on timeline: TimelineInfo, colour: Colour, timeZone: TimeZone? = nil) -> [String] {
        let isBranch = timeline.parentID != nil
        var columns: [TableRenderer.Column] = [.init("STEP", alignment: .right), .init("TIME"), .init("ACTION"), .init("CAUSE")]
        if isBranch { columns.append(.init("STORED")) }
        let rows = steps.map { summary in
            var row = [
                "\(summary.step)",
                TimeFormat.timeOfDay(summary.time, in: timeZone),
                ActionFormatter.format(summary.action, maxWidth: actionWidth),
                summary.cause.map { "← \($0)" } ?? "",
            ]
            if isBranch {
                row.append(summary.timelineID == timeline.id ? "own" : "inherited")
            }
            return row
        }
        guard !rows.isEmpty else { return [] }
        return TableRenderer(columns: columns).render(rows, headerStyle: colour.bold)
    }
}
