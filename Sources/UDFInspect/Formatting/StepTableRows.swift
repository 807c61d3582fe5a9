import Foundation
import UDFLog

/// The step table (`StepTable`) filled a step at a time, so that `log`
/// adds each step as it reads it and holds no list of steps.
struct StepTableRows {
    private(set) var table: PackedTable
    private let timeline: TimelineInfo
    private let timeZone: TimeZone?
    private let skipped: Set<Int>
    private var actions = FormattedActions(maxWidth: StepTable.actionWidth)

    /// - Parameters:
    ///   - timeZone: Where times of day are read, for `--local-time`; nil for UTC.
    ///   - skipped: Steps a Redux DevTools import marked skipped; when there
    ///     are any, a SKIPPED column flags them.
    init(on timeline: TimelineInfo, timeZone: TimeZone? = nil, skipped: Set<Int> = []) {
        var columns: [TableRenderer.Column] = [.init("STEP", alignment: .right), .init("TIME"), .init("ACTION"), .init("CAUSE")]
        if timeline.parentID != nil { columns.append(.init("STORED")) }
        if !skipped.isEmpty { columns.append(.init("SKIPPED")) }
        table = PackedTable(TableRenderer(columns: columns))
        self.timeline = timeline
        self.timeZone = timeZone
        self.skipped = skipped
    }

    mutating func append(_ summary: StepSummary) {
        var row = [
            "\(summary.step)",
            TimeFormat.timeOfDay(summary.time, in: timeZone),
            actions.text(of: summary.action),
            summary.cause.map { "← \($0)" } ?? "",
        ]
        if timeline.parentID != nil {
            row.append(summary.timelineID == timeline.id ? "own" : "inherited")
        }
        if !skipped.isEmpty {
            row.append(skipped.contains(summary.step) ? "skipped" : "")
        }
        table.append(row)
    }
}
