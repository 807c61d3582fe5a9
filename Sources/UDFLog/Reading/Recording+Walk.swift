import UDFDiff
import UDFJSON
import UDFSQLite

extension Recording {
    /// Visits each step of `range` on `timeline` in order with its state,
    /// applying one patch per step instead of rebuilding each state.
    ///
    /// `body` returns false to stop early. With `verifyHashes`, every state is
    /// checked against its stored hash (verification), at the cost of writing
    /// each state's canonical form.
    public func walk(
        _ timeline: TimelineInfo,
        range: ClosedRange<Int>? = nil,
        verifyHashes: Bool = false,
        _ body: (StepSummary, JSONValue) throws -> Bool
    ) throws {
        let wanted = range ?? 0...max(timeline.lastStep, 0)
        guard timeline.lastStep >= 0 else { return }
        var state: JSONValue?
        for segment in try lineage(of: timeline) {
            let lower = max(segment.steps.lowerBound, wanted.lowerBound)
            let upper = min(segment.steps.upperBound, wanted.upperBound)
            guard lower <= upper else { continue }
            if state == nil, lower > 0 {
                state = try self.state(at: lower - 1, on: timeline)
            }
            let statement = try query { db in
                try db.prepare("""
                    SELECT \(Self.stepColumns), keyframe, patch FROM steps
                    WHERE timeline_id = ? AND step BETWEEN ? AND ? ORDER BY step
                    """)
            }
            var expected = lower
            var stop = false
            try query { _ in
                try statement.forEachRow([segment.timelineID, lower, upper]) { row in
                    guard !stop else { return }
                    let summary = try Self.summary(from: row, path: self.path)
                    guard summary.step == expected else {
                        throw RecordingError.corruptStep(step: expected, timeline: timeline.name, reason: "the step is missing")
                    }
                    expected += 1
                    if let keyframe = row.bytes(11) {
                        state = try reconstructor.parse(keyframe, step: summary.step, timeline: timeline)
                    } else if let patch = row.bytes(12), let previous = state {
                        state = try reconstructor.apply(patch, to: previous, step: summary.step, timeline: timeline)
                    } else {
                        throw RecordingError.corruptStep(step: summary.step, timeline: timeline.name, reason: "it has a patch but no state precedes it")
                    }
                    guard let current = state else { return }
                    if verifyHashes, current.stateHash != summary.stateHash {
                        throw RecordingError.corruptStep(
                            step: summary.step, timeline: timeline.name,
                            reason: "rebuilt state hash \(current.stateHash) differs from the stored \(summary.stateHash)"
                        )
                    }
                    if try !body(summary, current) { stop = true }
                }
            }
            guard !stop else { return }
            guard expected == upper + 1 else {
                throw RecordingError.corruptStep(step: expected, timeline: timeline.name, reason: "the step is missing")
            }
        }
    }
}
