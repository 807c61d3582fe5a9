import UDFSQLite

/// How one step is stored, as the raw bytes of the column that holds it.
public enum StoredBytes {
    /// The whole state's canonical text.
    case keyframe([UInt8])
    /// The JSON Patch text from the previous step's state.
    case patch([UInt8])
}

extension Recording {
    /// Visits each step of `range` on `timeline`, in order, with its stored
    /// keyframe or patch, unparsed.
    ///
    /// The narrowest read of the steps table: no summary, no action, no
    /// hash, and nothing parsed, so a query can skip a step by looking at a
    /// few bytes of its patch. `body` returns false to stop early.
    ///
    /// - Throws: `RecordingError.corruptStep` for a missing step or a row
    ///   with neither keyframe nor patch.
    public func storedBytes(
        on timeline: TimelineInfo,
        range: ClosedRange<Int>,
        _ body: (Int, StoredBytes) throws -> Bool
    ) throws {
        let sql = "SELECT step, keyframe, patch FROM steps WHERE timeline_id = ? AND step BETWEEN ? AND ? ORDER BY step"
        func corrupt(_ step: Int, _ reason: String) -> RecordingError {
            .corruptStep(step: step, timeline: timeline.name, reason: reason)
        }
        for segment in try cursor(for: timeline).segments {
            let lower = max(segment.steps.lowerBound, range.lowerBound)
            let upper = min(segment.steps.upperBound, range.upperBound)
            guard lower <= upper else { continue }
            let statement = try query { db in try db.prepare(sql) }
            var expected = lower
            var stop = false
            try query { _ in
                do {
                    try statement.forEachRow([segment.timelineID, lower, upper]) { row in
                        let step = row.int(0)
                        guard step == expected else { throw corrupt(expected, "the step is missing") }
                        expected += 1
                        let stored: StoredBytes
                        if let keyframe = row.bytes(1) {
                            stored = .keyframe(keyframe)
                        } else if let patch = row.bytes(2) {
                            stored = .patch(patch)
                        } else {
                            throw corrupt(step, "it has neither a keyframe nor a patch")
                        }
                        // Thrown, not returned, so SQLite reads no further row.
                        if try !body(step, stored) { throw StopReading() }
                    }
                } catch is StopReading {
                    stop = true
                }
            }
            if stop { return }
            guard expected == upper + 1 else { throw corrupt(expected, "the step is missing") }
        }
    }
}

/// Ends a read of rows early, from inside `forEachRow`.
private struct StopReading: Error {}
