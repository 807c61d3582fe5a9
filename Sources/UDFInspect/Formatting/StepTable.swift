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
        return "session \(session.id) · \(session.shownApp) · \(timeline.shownName) · \(timeline.stepsText) · \(session.status.rawValue) · started \(TimeFormat.iso(session.startedAt, in: timeZone))"
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
        var rows = StepTableRows(on: timeline, timeZone: timeZone, skipped: skipped)
        for summary in steps { rows.append(summary) }
        return rows.table.lines(headerStyle: colour.bold)
    }
}
