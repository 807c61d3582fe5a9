import Foundation
import UDFJSON
import UDFLog

/// `udf-inspect log FILE`: the steps of a timeline, filtered.
struct LogCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "log",
        abstract: "List the steps of a timeline: action, time and cause.",
        discussion: "Filters combine: a range, an action-name glob and a time window. The text output shortens long actions to 72 characters; --json prints them whole. Exits with 1 when no step matches.",
        arguments: [CommonOptions.file],
        options: [
            CommonOptions.session,
            CommonOptions.timeline,
            .option("--from", value: "step", help: "The first step to list."),
            .option("--to", value: "step", help: "The last step to list."),
            .option("--first", value: "n", help: "List only the first n matching steps."),
            .option("--last", value: "n", help: "List only the last n matching steps."),
            .option("--action", value: "glob", help: "Only actions whose name matches, for example 'add*' or 'login?'."),
            .option("--since", value: "time", help: "Only steps at or after this time (ISO 8601 or Unix seconds)."),
            .option("--until", value: "time", help: "Only steps at or before this time (ISO 8601 or Unix seconds)."),
            .flag("--follow", help: "Keep printing steps as a running host records them, until its session ends."),
            CommonOptions.json,
        ],
        examples: [
            "udf-inspect log todo.udf --last 20",
            "udf-inspect log todo.udf --follow --json",
            "udf-inspect log todo.udf --action 'login*' --json",
            "udf-inspect log todo.udf --from 100 --to 200",
        ]
    )

    static let actionWidth = 72

    let recording: RecordingArguments
    let query: StepQuery
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
        var since: Date?
        var until: Date?
        if let text = arguments.value("--since") {
            guard let date = TimeFormat.parse(text) else {
                throw arguments.usageError("'\(text)' is not a time: use ISO 8601 such as 2026-11-30T02:42:57Z, or Unix seconds")
            }
            since = date
        }
        if let text = arguments.value("--until") {
            guard let date = TimeFormat.parse(text) else {
                throw arguments.usageError("'\(text)' is not a time: use ISO 8601 such as 2026-11-30T02:42:57Z, or Unix seconds")
            }
            until = date
        }
        let range: ClosedRange<Int>? = (from != nil || to != nil) ? (from ?? 0)...(to ?? Int.max) : nil
        query = StepQuery(
            range: range,
            actionGlob: arguments.value("--action"),
            since: since,
            until: until,
            limit: first ?? last,
            fromEnd: last != nil
        )
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        if follow {
            return try LogFollower(selection: selection, query: query, json: json).run(context)
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
            let facts: SessionFacts
            do {
                facts = try selection.recording.facts(of: selection.session, timeline: selection.timeline)
            } catch {
                throw InspectError(error)
            }
            context.console.out(context.colour.dim(LogCommand.header(selection) + (facts.statesRecorded ? "" : " · actions only, no states")))
            for line in LogCommand.table(steps, on: selection.timeline, colour: context.colour, skipped: facts.skippedSteps) {
                context.console.out(line)
            }
        }
        if steps.isEmpty {
            context.console.err("No steps match.")
            return .notFound
        }
        return .success
    }

    static func header(_ selection: RecordingSelection) -> String {
        let session = selection.session
        let timeline = selection.timeline
        return "session \(session.id) · \(session.app) · \(timeline.name) · steps 0…\(timeline.lastStep) · \(session.status.rawValue) · started \(TimeFormat.iso(session.startedAt))"
    }

    /// The step table shared by `log` and the demo tour.
    ///
    /// - Parameter skipped: Steps a Redux DevTools import marked skipped; when
    ///   there are any, a SKIPPED column flags them.
    static func table(_ steps: [StepSummary], on timeline: TimelineInfo, colour: Colour, skipped: Set<Int> = []) -> [String] {
        let isBranch = timeline.parentID != nil
        var columns: [TableRenderer.Column] = [.init("STEP", alignment: .right), .init("TIME"), .init("ACTION"), .init("CAUSE")]
        if isBranch { columns.append(.init("STORED")) }
        if !skipped.isEmpty { columns.append(.init("SKIPPED")) }
        let rows = steps.map { summary in
            var row = [
                "\(summary.step)",
                TimeFormat.timeOfDay(summary.time),
                ActionFormatter.format(summary.action, maxWidth: actionWidth),
                summary.cause.map { "← \($0)" } ?? "",
            ]
            if isBranch {
                row.append(summary.timelineID == timeline.id ? "own" : "inherited")
            }
            if !skipped.isEmpty {
                row.append(skipped.contains(summary.step) ? "skipped" : "")
            }
            return row
        }
        guard !rows.isEmpty else { return [] }
        return TableRenderer(columns: columns).render(rows, headerStyle: colour.bold)
    }
}
