import UDFDiff
import UDFJSON
import UDFSQLite

extension Recording {
    /// Counts, reducer times, storage and state sizes of `timeline`, computed
    /// with SQL aggregates over its metadata columns.
    ///
    /// - Parameters:
    ///   - buckets: Into how many runs of steps to split the state size over time.
    ///   - growthLimit: How many of the steps that grew the state most to return.
    public func statistics(on timeline: TimelineInfo, buckets: Int = 10, growthLimit: Int = 5) throws(RecordingError) -> TimelineStatistics {
        let segments = try cursor(for: timeline).segments
        return TimelineStatistics(
            actions: try actionStatistics(segments),
            storage: try storageStatistics(segments),
            sizeOverTime: try sizeOverTime(segments, lastStep: timeline.lastStep, buckets: max(buckets, 1)),
            largestGrowth: try largestGrowth(segments, limit: max(growthLimit, 0))
        )
    }

    private func actionStatistics(_ segments: [TimelineSegment]) throws(RecordingError) -> [TimelineStatistics.Action] {
        var counts: [String: (count: Int, bytes: Int)] = [:]
        var durations: [String: [Int]] = [:]
        for segment in segments {
            let bounds: [any SQLiteBindable] = [segment.timelineID, segment.steps.lowerBound, segment.steps.upperBound]
            let rows = try query { db in
                try db.prepare("""
                    SELECT action_name, count(*), sum(length(CAST(coalesce(keyframe, patch) AS BLOB))) FROM steps
                    WHERE timeline_id = ? AND step BETWEEN ? AND ? AND action_name IS NOT NULL
                    GROUP BY action_name
                    """).rows(bounds) { row in (row.text(0), row.int(1), row.int(2)) }
            }
            for (name, count, bytes) in rows {
                let previous = counts[name] ?? (0, 0)
                counts[name] = (previous.count + count, previous.bytes + bytes)
            }
            try query { db in
                try db.prepare("""
                    SELECT action_name, duration_ns FROM steps
                    WHERE timeline_id = ? AND step BETWEEN ? AND ? AND action_name IS NOT NULL AND duration_ns IS NOT NULL
                    ORDER BY action_name, duration_ns
                    """).forEachRow(bounds) { row in durations[row.text(0), default: []].append(row.int(1)) }
            }
        }
        return counts.keys.sorted().map { name in
            // Segments are each sorted; a branch merges two runs, so sort once more.
            let sorted = (durations[name] ?? []).sorted()
            return TimelineStatistics.Action(
                name: name,
                count: counts[name]?.count ?? 0,
                p50Nanoseconds: Self.percentile(50, of: sorted),
                p99Nanoseconds: Self.percentile(99, of: sorted),
                maxNanoseconds: sorted.last,
                storedBytes: counts[name]?.bytes ?? 0
            )
        }
    }

    /// The nearest-rank percentile: the smallest value with at least `p`% of values at or below it.
    public static func percentile(_ p: Int, of sorted: [Int]) -> Int? {
        guard !sorted.isEmpty else { return nil }
        let rank = (p * sorted.count + 99) / 100
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    private func storageStatistics(_ segments: [TimelineSegment]) throws(RecordingError) -> TimelineStatistics.Storage {
        var totals = [Int](repeating: 0, count: 7)
        var smallest = Int.max
        var largestPatch = 0
        var largestState = 0
        for segment in segments {
            let row = try query { db in
                try db.prepare("""
                    SELECT count(*), count(keyframe), coalesce(sum(length(CAST(keyframe AS BLOB))), 0),
                           count(patch), coalesce(sum(length(CAST(patch AS BLOB))), 0),
                           coalesce(max(length(CAST(patch AS BLOB))), 0), coalesce(sum(state_size), 0),
                           min(state_size), coalesce(max(state_size), 0)
                    FROM steps WHERE timeline_id = ? AND step BETWEEN ? AND ?
                    """).firstRow([segment.timelineID, segment.steps.lowerBound, segment.steps.upperBound]) { row in
                    ((0..<7).map { row.int($0) }, row.optionalInt(7), row.int(8))
                }
            }
            guard let (values, minimum, maximum) = row else { continue }
            for index in [0, 1, 2, 3, 4, 6] { totals[index] += values[index] }
            largestPatch = max(largestPatch, values[5])
            if let minimum { smallest = min(smallest, minimum) }
            largestState = max(largestState, maximum)
        }
        return TimelineStatistics.Storage(
            steps: totals[0],
            keyframes: totals[1],
            keyframeBytes: totals[2],
            patches: totals[3],
            patchBytes: totals[4],
            largestPatchBytes: largestPatch,
            smallestState: smallest == Int.max ? 0 : smallest,
            largestState: largestState,
            totalStateBytes: totals[6]
        )
    }

    private func sizeOverTime(_ segments: [TimelineSegment], lastStep: Int, buckets: Int) throws(RecordingError) -> [TimelineStatistics.SizeBucket] {
        guard lastStep >= 0 else { return [] }
        let width = (lastStep + 1 + buckets - 1) / buckets
        var merged: [Int: (first: Int, last: Int, smallest: Int, largest: Int, lastSize: Int)] = [:]
        for segment in segments {
            // SQLite returns the bare `state_size` column from the row holding max(step).
            let rows = try query { db in
                try db.prepare("""
                    SELECT step / ? AS bucket, min(step), max(step), min(state_size), max(state_size)
                    FROM steps WHERE timeline_id = ? AND step BETWEEN ? AND ? GROUP BY bucket ORDER BY bucket
                    """).rows([width, segment.timelineID, segment.steps.lowerBound, segment.steps.upperBound]) { row in
                    (row.int(0), row.int(1), row.int(2), row.int(3), row.int(4))
                }
            }
            for (bucket, first, last, smallest, largest) in rows {
                let lastSize = try query { db in
                    try db.cachedStatement("SELECT state_size FROM steps WHERE timeline_id = ? AND step = ?")
                        .firstRow([segment.timelineID, last]) { $0.int(0) }
                } ?? 0
                if let previous = merged[bucket] {
                    merged[bucket] = (min(previous.first, first), max(previous.last, last),
                                      min(previous.smallest, smallest), max(previous.largest, largest),
                                      last > previous.last ? lastSize : previous.lastSize)
                } else {
                    merged[bucket] = (first, last, smallest, largest, lastSize)
                }
            }
        }
        return merged.keys.sorted().compactMap { key in
            merged[key].map { TimelineStatistics.SizeBucket(steps: $0.first...$0.last, smallest: $0.smallest, largest: $0.largest, last: $0.lastSize) }
        }
    }

    private func largestGrowth(_ segments: [TimelineSegment], limit: Int) throws(RecordingError) -> [TimelineStatistics.Growth] {
        guard limit > 0 else { return [] }
        var candidates: [TimelineStatistics.Growth] = []
        var previousLast: (timelineID: Int, step: Int)?
        for segment in segments {
            let bounds: [any SQLiteBindable] = [segment.timelineID, segment.steps.lowerBound, segment.steps.upperBound]
            candidates += try query { db in
                try db.prepare("""
                    SELECT step, action_name, before, state_size FROM (
                        SELECT step, action_name, state_size, lag(state_size) OVER (ORDER BY step) AS before
                        FROM steps WHERE timeline_id = ? AND step BETWEEN ? AND ?
                    ) WHERE before IS NOT NULL AND state_size > before
                    ORDER BY state_size - before DESC, step LIMIT ?
                    """).rows(bounds + [limit]) { row in
                    TimelineStatistics.Growth(step: row.int(0), actionName: row.optionalText(1), before: row.int(2), after: row.int(3))
                }
            }
            // The first step a branch stores grows from its parent's row at the fork.
            if let previousLast {
                let sizeStatement = "SELECT state_size, action_name FROM steps WHERE timeline_id = ? AND step = ?"
                let before = try query { db in
                    try db.cachedStatement(sizeStatement).firstRow([previousLast.timelineID, previousLast.step]) { $0.int(0) }
                }
                let first = try query { db in
                    try db.cachedStatement(sizeStatement).firstRow([segment.timelineID, segment.steps.lowerBound]) { ($0.int(0), $0.optionalText(1)) }
                }
                if let before, let first, first.0 > before {
                    candidates.append(.init(step: segment.steps.lowerBound, actionName: first.1, before: before, after: first.0))
                }
            }
            previousLast = (segment.timelineID, segment.steps.upperBound)
        }
        return Array(candidates.sorted { ($0.bytes, -$0.step) > ($1.bytes, -$1.step) }.prefix(limit))
    }
}
