import UDFJSON

extension Recording {
    /// The state after `step` on `timeline`, rebuilt and verified.
    ///
    /// - Throws: `RecordingError.notFound` for a step outside the timeline,
    ///   `.corruptStep` when the patch chain or the hash does not hold.
    public func state(at step: Int, on timeline: TimelineInfo) throws(RecordingError) -> JSONValue {
        try cursor(for: timeline).state(at: step)
    }

    /// Visits each step of `range` on `timeline` in order with its state,
    /// applying one patch per step instead of rebuilding each state.
    ///
    /// `body` returns false to stop early. With `verifyHashes`, every state is
    /// checked against its stored hash (verification).
    public func walk(
        _ timeline: TimelineInfo,
        range: ClosedRange<Int>? = nil,
        verifyHashes: Bool = false,
        _ body: (StepSummary, JSONValue) throws -> Bool
    ) throws {
        try cursor(for: timeline).walk(range: range, verifyHashes: verifyHashes, body)
    }
}
