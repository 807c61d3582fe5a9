import Foundation
import UDFJSON
import UDFSQLite

extension Recording {
    static let stepColumns = """
        step, timeline_id, time, action, action_name, cause, duration_ns, state_hash, state_size,
        keyframe IS NOT NULL, coalesce(length(keyframe), length(patch))
        """

    /// The steps of `timeline` that `query` selects, in step order, without states.
    public func steps(on timeline: TimelineInfo, matching query: StepQuery = StepQuery()) throws(RecordingError) -> [StepSummary] {
        var segments = try lineage(of: timeline)
        if query.fromEnd { segments.reverse() }
        var result: [StepSummary] = []
        var remaining = query.limit ?? Int.max
        for segment in segments where remaining > 0 {
            var lower = segment.steps.lowerBound
            var upper = segment.steps.upperBound
            if let range = query.range {
                lower = max(lower, range.lowerBound)
                upper = min(upper, range.upperBound)
            }
            guard lower <= upper else { continue }
            var sql = "SELECT \(Self.stepColumns) FROM steps WHERE timeline_id = ? AND step BETWEEN ? AND ?"
            var values: [any SQLiteBindable] = [segment.timelineID, lower, upper]
            if let glob = query.actionGlob {
                sql += " AND action_name GLOB ?"
                values.append(glob)
            }
            if let since = query.since {
                sql += " AND time >= ?"
                values.append(since.timeIntervalSince1970)
            }
            if let until = query.until {
                sql += " AND time <= ?"
                values.append(until.timeIntervalSince1970)
            }
            sql += query.fromEnd ? " ORDER BY step DESC" : " ORDER BY step"
            sql += " LIMIT ?"
            values.append(remaining == Int.max ? -1 : remaining)
            let rows = try self.query { db in
                try db.prepare(sql).rows(values) { row in try Self.summary(from: row, path: self.path) }
            }
            remaining -= rows.count
            result += rows
        }
        return query.fromEnd ? result.reversed() : result
    }

    /// One step's metadata.
    ///
    /// - Throws: `RecordingError.notFound` naming the timeline's range when
    ///   the step does not exist.
    public func step(_ step: Int, on timeline: TimelineInfo) throws(RecordingError) -> StepSummary {
        guard let segment = try segment(holding: step, on: timeline) else {
            throw missingStep(step, on: timeline)
        }
        let found = try query { db in
            try db.cachedStatement("SELECT \(Self.stepColumns) FROM steps WHERE timeline_id = ? AND step = ?")
                .firstRow([segment.timelineID, step]) { row in try Self.summary(from: row, path: self.path) }
        }
        guard let found else { throw missingStep(step, on: timeline) }
        return found
    }

    /// The steps whose action an effect of `step` sent, on the same timeline.
    public func effects(of step: Int, on timeline: TimelineInfo) throws(RecordingError) -> [StepSummary] {
        var result: [StepSummary] = []
        for segment in try lineage(of: timeline) {
            result += try query { db in
                try db.prepare("""
                    SELECT \(Self.stepColumns) FROM steps
                    WHERE timeline_id = ? AND cause = ? AND step BETWEEN ? AND ? ORDER BY step
                    """).rows([segment.timelineID, step, segment.steps.lowerBound, segment.steps.upperBound]) { row in
                    try Self.summary(from: row, path: self.path)
                }
            }
        }
        return result
    }

    func segment(holding step: Int, on timeline: TimelineInfo) throws(RecordingError) -> TimelineSegment? {
        try lineage(of: timeline).first { $0.steps.contains(step) }
    }

    func missingStep(_ step: Int, on timeline: TimelineInfo) -> RecordingError {
        if timeline.lastStep < 0 {
            return .notFound("step \(step) does not exist: timeline '\(timeline.name)' has no steps")
        }
        return .notFound("step \(step) does not exist: timeline '\(timeline.name)' has steps 0…\(timeline.lastStep)")
    }

    static func summary(from row: Row, path: String) throws -> StepSummary {
        var action: JSONValue?
        if let bytes = row.bytes(3) {
            do {
                action = try JSONParser().parse(bytes)
            } catch {
                throw RecordingError.corruptStep(step: row.int(0), timeline: "\(row.int(1))", reason: "its action is not valid JSON: \(error)")
            }
        }
        return StepSummary(
            step: row.int(0),
            timelineID: row.int(1),
            time: Date(timeIntervalSince1970: row.double(2)),
            action: action,
            actionName: row.optionalText(4),
            cause: row.optionalInt(5),
            reducerNanoseconds: row.optionalInt(6),
            stateHash: row.text(7),
            stateSize: row.int(8),
            isKeyframe: row.int(9) != 0,
            storedSize: row.int(10)
        )
    }
}
