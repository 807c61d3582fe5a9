import Foundation
import UDFJSON
import UDFLog

/// `udf-inspect log FILE`: the steps of a timeline, filtered.
struct LogCommand: InspectCommand {
    static let from = OptionKey<StepPosition?>.position("--from", help: "The first step to list, such as 40 or last~9.")
    static let to = OptionKey<StepPosition?>.position("--to", help: "The last step to list.")
    static let first = OptionKey<Int?>.int("--first", value: "n", help: "List only the first n matching steps.")
    static let last = OptionKey<Int?>.int("--last", value: "n", help: "List only the last n matching steps.")
    static let noHeader = OptionKey<Bool>.flag("--no-header", help: "Print the steps only: no session line and no column names.")
    static let follow = OptionKey<Bool>.flag("--follow", help: "Keep printing steps as a running host records them, until its session ends.")

    static let spec = CommandSpec(
        name: "log",
        abstract: "List the steps of a timeline: action, time and cause.",
        discussion: "Filters combine: a range, action-name globs (shell rules: any --action, no --exclude-action), a regular expression over the action's JSON (--grep) and a time window. The text output shortens long actions to 72 characters; --json prints them whole. On a terminal a session line comes first; --no-header leaves it and the column names out. With --follow --json, the last line says why the follow ended. Exits with 1 when no step matches.",
        arguments: [CommonOptions.file],
        options: [
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.from.spec,
            Self.to.spec,
            Self.first.spec,
            Self.last.spec,
            Self.noHeader.spec,
            Self.follow.spec,
            CommonOptions.json.spec,
        ] + StepFilter.options,
        examples: [
            "udf-inspect log todo.udf --last 20",
            "udf-inspect log todo.udf --follow --json",
            "udf-inspect log todo.udf --action 'login*' --json",
            "udf-inspect log todo.udf --exclude-action 'set*' --since 03:17:45.259 --local-time",
            "udf-inspect log todo.udf --from 100 --to 200",
        ]
    )

    let recording: RecordingArguments
    let filter: StepFilter
    let bounds: StepBounds
    let limit: Int?
    let fromEnd: Bool
    let json: Bool
    let follow: Bool
    let noHeader: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        json = try arguments.value(CommonOptions.json)
        follow = try arguments.value(Self.follow)
        noHeader = try arguments.value(Self.noHeader)
        bounds = try StepBounds(from: arguments.value(Self.from), to: arguments.value(Self.to), arguments)
        let first = try arguments.value(Self.first)
        let last = try arguments.value(Self.last)
        if first != nil && last != nil {
            throw arguments.usageError("'--first' and '--last' cannot be used together")
        }
        if let limit = first ?? last, limit < 1 {
            throw arguments.usageError("'\(first != nil ? "--first" : "--last")' must be at least 1")
        }
        filter = try StepFilter(arguments)
        limit = first ?? last
        fromEnd = last != nil
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        var range: ClosedRange<Int>?
        if bounds.isGiven {
            let (from, to) = try bounds.resolved(on: selection.timeline)
            range = from...(to ?? Int.max)
        }
        let query = filter.query(for: selection.session, in: context, range: range, limit: limit, fromEnd: fromEnd)
        if follow {
            let showsHeader = !noHeader && context.console.stdoutIsTerminal
            return try LogFollower(
                selection: selection, query: query, json: json, showsHeader: showsHeader, timeZone: filter.timeZone(in: context)
            ).run(context)
        }
        if json {
            return try printJSON(selection, query: query, context)
        }
        let facts: SessionFacts
        do {
            facts = try selection.recording.facts(of: selection.session, timeline: selection.timeline)
        } catch {
            throw InspectError(error)
        }
        // Each step goes into the packed table as it is read: no list of
        // steps, and a row costs its bytes (a million steps' table held as
        // strings took 685 MB).
        let timeZone = filter.timeZone(in: context)
        let timeline = selection.timeline
        var rows = StepTableRows(on: timeline, timeZone: timeZone, skipped: facts.skippedSteps)
        do {
            try selection.recording.forEachStep(on: timeline, matching: query) { summary in
                rows.append(summary)
                return true
            }
        } catch {
            throw InspectError(error)
        }
        let table = rows.table
        // The session line is for people: on a terminal only, as git decorates.
        if !noHeader, context.console.stdoutIsTerminal {
            let header = StepTable.header(selection, timeZone: timeZone) + (facts.statesRecorded ? "" : " · actions only, no states")
            context.console.out(context.colour.dim(header))
        }
        table.print(to: context.console, headerStyle: context.colour.bold, printsHeader: !noHeader)
        if table.rowCount == 0 {
            context.console.err("No steps match.")
            return .notFound
        }
        return .success
    }

    /// The `--json` document, each step printed as it is read, so that a
    /// long timeline is never held whole; a read that fails part way ends
    /// it as `StreamedJSONDocument.print` says.
    private func printJSON(_ selection: RecordingSelection, query: StepQuery, _ context: CommandContext) throws(InspectError) -> ExitCode {
        let timeline = selection.timeline
        var document = try StreamedJSONDocument(
            context.console, envelope: LogOutput(session: selection.session.id, timeline: timeline.name), streaming: "steps"
        )
        try document.print { document throws(InspectError) in
            do throws(RecordingError) {
                try selection.recording.forEachStep(on: timeline, matching: query) { summary in
                    document.append(StreamedJSONDocument.element(StepRecord(summary, on: timeline)))
                    return !context.console.isOutputClosed
                }
            } catch {
                throw InspectError(error)
            }
        }
        if document.count == 0 {
            context.console.err("No steps match.")
            return .notFound
        }
        return .success
    }
}
