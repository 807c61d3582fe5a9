import Foundation
import UDFLog

/// The step table that `log`, `find`, `why` and the demo tour print: step,
/// time, action, cause, and on a branch whether the step is its own.
enum StepTable {
    /// Actions longer than this are shortened in text; --json prints them whole.
    static let actionWidth = 72

    /// The line above the table: session, app, timeline, range, status and start.
    static func header(_ selection: RecordingSelection, timeZone: TimeZone? = nil) -> String {
        let session = selection.session
        let timeline = selection.timeline
        return "session \(session.id) · \(session.shownApp) · \(timeline.shownName) · steps 0…\(timeline.lastStep) · \(session.status.rawValue) · started \(TimeFormat.iso(session.startedAt, in: timeZone))"
    }

    /// One row per step under a header row; nothing for no steps.
    /// - Parameters:
    ///   - timeZone: Where times of day are read, for `--local-time`; nil for UTC.
    ///   - skipped: Steps a Redux DevTools import marked skipped; when there
    ///     are any, a SKIPPED column flags them.
    static func rows(
        _ steps: [StepSummary], on timeline: TimelineInfo, colour: Colour, timeZone: TimeZone? = nil, skipped: Set<Int> = []
    ) -> [String] {
        guard !steps.isEmpty else { return [] }
        var table = table(on: timeline, skipped: skipped)
        for summary in steps {
            table.append(cells(summary, on: timeline, timeZone: timeZone, skipped: skipped))
        }
        var lines: [String] = []
        lines.reserveCapacity(steps.count + 1)
        table.forEachLine(headerStyle: colour.bold) { line in
            lines.append(line)
            return true
        }
        return lines
    }

    /// An empty step table, to be filled a step at a time with `cells`.
    static func table(on timeline: TimelineInfo, skipped: Set<Int> = []) -> PackedTable {
        var columns: [TableRenderer.Column] = [.init("STEP", alignment: .right), .init("TIME"), .init("ACTION"), .init("CAUSE")]
        if timeline.parentID != nil { columns.append(.init("STORED")) }
        if !skipped.isEmpty { columns.append(.init("SKIPPED")) }
        return PackedTable(TableRenderer(columns: columns))
    }

    /// One step's cells, for a `table(on:skipped:)` with the same arguments.
    static func cells(_ summary: StepSummary, on timeline: TimelineInfo, timeZone: TimeZone? = nil, skipped: Set<Int> = []) -> [String] {
        var row = [
            "\(summary.step)",
            TimeFormat.timeOfDay(summary.time, in: timeZone),
            ActionFormatter.format(summary.action, maxWidth: actionWidth),
            summary.cause.map { "← \($0)" } ?? "",
        ]
        if timeline.parentID != nil {
            row.append(summary.timelineID == timeline.id ? "own" : "inherited")
        }
        if !skipped.isEmpty {
            row.append(skipped.contains(summary.step) ? "skipped" : "")
        }
        return row
    }
}
