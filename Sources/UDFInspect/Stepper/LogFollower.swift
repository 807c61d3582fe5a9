import Foundation
import UDFJSON
import UDFLog

/// `log --follow`: prints the steps of a timeline as a running host records
/// them, until the session is closed or interrupted.
///
/// Every poll reads in fresh read transactions: in WAL mode a reader works on
/// a snapshot and never blocks the writer (https://sqlite.org/wal.html), and a
/// new transaction sees the steps committed since. The session's status is read
/// before the steps, so once it says `closed` the steps read after it are all
/// there are.
struct LogFollower {
    /// How long to wait between two polls of the file.
    static let pollInterval: TimeInterval = 0.1

    let selection: RecordingSelection
    let query: StepQuery
    let json: Bool
    /// Whether to print the session line first: on a terminal, without `--no-header`.
    var showsHeader = true
    /// Times of day print in this zone; nil for UTC.
    var timeZone: TimeZone?

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let recording = selection.recording
        let console = context.console
        if !json, showsHeader {
            console.out(context.colour.dim(StepTable.header(selection, timeZone: timeZone) + " · following"))
        }
        var next = 0
        var printed = 0
        var isFirstPoll = true
        var status = selection.session.status
        var lastStep = selection.timeline.lastStep
        var reason = FollowEndRecord.Reason.limit
        while true {
            let timeline: TimelineInfo
            do {
                let current = try recording.reread(selection.timeline, of: selection.session)
                status = current.session.status
                timeline = current.timeline
            } catch {
                throw InspectError(error)
            }
            let lower = max(next, query.range?.lowerBound ?? 0)
            let upper = min(timeline.lastStep, query.range?.upperBound ?? Int.max)
            if lower <= upper {
                var poll = query
                poll.range = lower...upper
                // `--last` applies to the steps already recorded; later ones all show.
                poll.fromEnd = query.fromEnd && isFirstPoll
                if query.fromEnd {
                    poll.limit = isFirstPoll ? query.limit : nil
                } else if let limit = query.limit {
                    poll.limit = limit - printed
                }
                let steps: [StepSummary]
                do {
                    steps = try recording.steps(on: timeline, matching: poll)
                } catch {
                    throw InspectError(error)
                }
                for summary in steps {
                    console.out(json ? try Console.compactJSON(Versioned(StepRecord(summary, on: timeline))) : Self.line(summary, colour: context.colour, timeZone: timeZone))
                }
                printed += steps.count
            }
            next = max(next, timeline.lastStep + 1)
            lastStep = timeline.lastStep
            isFirstPoll = false
            console.flush()
            if console.isOutputClosed { break }
            if !query.fromEnd, let limit = query.limit, printed >= limit { break }
            if let last = query.range?.upperBound, next > last { break }
            if status != .recording {
                reason = status == .closed ? .closed : .interrupted
                break
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
        if json, !console.isOutputClosed {
            console.out(try Console.compactJSON(FollowEndRecord(
                end: reason,
                session: selection.session.id,
                timeline: selection.timeline.name,
                lastStep: lastStep,
                printedCount: printed
            )))
        } else {
            console.out(context.colour.dim("session \(selection.session.id) \(status.rawValue)"))
        }
        if printed == 0 {
            console.err("No steps match.")
            return .notFound
        }
        return .success
    }

    /// One step as a line: step, time of day, action, and cause.
    static func line(_ summary: StepSummary, colour: Colour, timeZone: TimeZone?) -> String {
        let step = String(summary.step)
        var line = String(repeating: " ", count: max(6 - step.count, 0)) + step
        line += "  " + TimeFormat.timeOfDay(summary.time, in: timeZone)
        line += "  " + ActionFormatter.format(summary.action, maxWidth: StepTable.actionWidth)
        if let cause = summary.cause {
            line += "  " + colour.dim("← \(cause)")
        }
        return line
    }
}
