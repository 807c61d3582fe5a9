import Foundation
import UDFJSON
import UDFSQLite

extension Recording {
    /// The steps of `timeline` that `query` selects, in step order, without states.
    public func steps(on timeline: TimelineInfo, matching query: StepQuery = StepQuery()) throws(RecordingError) -> [StepSummary] {
        var result: [StepSummary] = []
        try readSteps(on: timeline, matching: query) { summary in
            result.append(summary)
            return true
        }
        return query.fromEnd ? result.reversed() : result
    }

    /// Hands `body` each step of `timeline` that `query` selects, in step
    /// order, without states, until it returns false. The steps are read as
    /// they are handed over, so a long timeline is never held whole; with
    /// `fromEnd`, the query's last steps are read first, then handed over
    /// oldest first.
    public func forEachStep(
        on timeline: TimelineInfo, matching query: StepQuery = StepQuery(), _ body: (StepSummary) -> Bool
    ) throws(RecordingError) {
        if query.fromEnd {
            for summary in try steps(on: timeline, matching: query) where !body(summary) { return }
            return
        }
        try readSteps(on: timeline, matching: query, body)
    }

    /// Reads the steps `query` selects, segment by segment, newest first
    /// with `fromEnd`, handing each to `body` until it returns false.
    private func readSteps(
        on timeline: TimelineInfo, matching query: StepQuery, _ body: (StepSummary) -> Bool
    ) throws(RecordingError) {
        var segments = try cursor(for: timeline).segments
        if query.fromEnd { segments.reverse() }
        var remaining = query.limit ?? Int.max
        var stopped = false
        /// Hands one step over; false once the limit is reached or `body` stops.
        func take(_ summary: StepSummary) -> Bool {
            remaining -= 1
            stopped = !body(summary)
            return !stopped && remaining > 0
        }
        let columns = StepsTable.summaryColumns
        for segment in segments where remaining > 0 && !stopped {
            var lower = segment.steps.lowerBound
            var upper = segment.steps.upperBound
            if let range = query.range {
                lower = max(lower, range.lowerBound)
                upper = min(upper, range.upperBound)
            }
            guard lower <= upper else { continue }
            var filter = " WHERE timeline_id = ? AND step BETWEEN ? AND ?"
            var values: [any SQLiteBindable] = [segment.timelineID, lower, upper]
            if let since = query.since {
                filter += " AND time >= ?"
                values.append(since.timeIntervalSince1970)
            }
            if let until = query.until {
                filter += " AND time <= ?"
                values.append(until.timeIntervalSince1970)
            }
            filter += query.fromEnd ? " ORDER BY step DESC" : " ORDER BY step"
            // The action filter runs in Swift on the name and the stored
            // (canonical) action text, in the same scan, so only the steps it
            // keeps are decoded; without one, SQLite stops at the limit.
            let filtered = !query.actions.isEmpty
            let sql = StepsTable.select(columns) + filter + (filtered ? "" : " LIMIT ?")
            let bound = filtered ? values : values + [remaining == Int.max ? -1 : remaining]
            try self.query { db in
                try db.prepare(sql).readRows(bound) { sqliteRow in
                    let row = StepRow(row: sqliteRow, columns: columns)
                    guard !filtered || query.actions.accepts(name: row.optionalText(.actionName), action: row.optionalText(.action)) else {
                        return true
                    }
                    return take(try row.summary(on: timeline.name, actions: parsedActions))
                }
            }
        }
    }

    /// One step's metadata.
    ///
    /// - Throws: `RecordingError.notFound` naming the timeline's range when
    ///   the step does not exist.
    public func step(_ step: Int, on timeline: TimelineInfo) throws(RecordingError) -> StepSummary {
        try cursor(for: timeline).summary(at: step)
    }

    /// The metadata of each of `steps`, in the order given, read in batches.
    ///
    /// - Throws: `RecordingError.notFound` for a step that does not exist.
    public func steps(_ steps: [Int], on timeline: TimelineInfo) throws(RecordingError) -> [StepSummary] {
        try cursor(for: timeline).summaries(at: steps)
    }

    /// The steps whose action an effect of `step` sent, on the same timeline.
    public func effects(of step: Int, on timeline: TimelineInfo) throws(RecordingError) -> [StepSummary] {
        var result: [StepSummary] = []
        let columns = StepsTable.summaryColumns
        for segment in try cursor(for: timeline).segments {
            result += try query { db in
                try db.prepare(StepsTable.select(columns) + " WHERE timeline_id = ? AND cause = ? AND step BETWEEN ? AND ? ORDER BY step")
                    .rows([segment.timelineID, step, segment.steps.lowerBound, segment.steps.upperBound]) { row in
                        try StepRow(row: row, columns: columns).summary(on: timeline.name, actions: parsedActions)
                    }
            }
        }
        return result
    }

    func missingStep(_ step: Int, on timeline: TimelineInfo) -> RecordingError {
        .notFound(timeline.missingStepMessage(step))
    }
}
