import UDFDiff
import UDFSQLite

/// How one step is stored, as the raw bytes of the column that holds it,
/// or as the index describes it.
public enum StoredBytes {
    /// The whole state's canonical text.
    case keyframe([UInt8])
    /// The JSON Patch text from the previous step's state.
    case patch([UInt8])
    /// The patch's operations under the children a query asked about, as
    /// the index keeps them (format v7): applied to those children alone,
    /// they change them as the whole patch does.
    case operations(JSONPatch)
}

extension Recording {
    /// Visits each step of `range` on `timeline`, in order, with its stored
    /// keyframe or patch, unparsed.
    ///
    /// The narrowest read of the steps table: no summary, no action, no
    /// hash, and nothing parsed, so a query can skip a step by looking at a
    /// few bytes of its patch. `body` returns false to stop early.
    ///
    /// - Parameter keys: When given, only the steps that may have changed
    ///   the parts these keys name are visited where the file's index says
    ///   which (format v5 for members, v6 for their children): step 0, and
    ///   every step indexed under one of them or the root. A step left out
    ///   changed none of them. Nil visits every step. For keys of
    ///   children (`ChangeIndexKeys.children`) on a timeline whose index
    ///   keeps their operations (format v7), a step indexed only under the
    ///   children comes as `.operations`, read from the index instead of
    ///   the step's row.
    /// - Throws: `RecordingError.corruptStep` for a missing step or a row
    ///   with neither keyframe nor patch.
    public func storedBytes(
        on timeline: TimelineInfo,
        range: ClosedRange<Int>,
        touching keys: ChangeIndexKeys? = nil,
        _ body: (Int, StoredBytes) throws -> Bool
    ) throws {
        // The walk calls `described` only while it runs.
        try withoutActuallyEscaping(body) { body in
            try cursor(for: timeline).walkRows(
                range: range, columns: [.step, .keyframe, .patch], touching: keys,
                described: { step, patch in try body(step, .operations(patch)) }
            ) { row in
                try body(row.int(.step), try stored(row, on: timeline))
            }
        }
    }

    /// `storedBytes`, with the summary of each step whose row it reads at
    /// hand: `summary()` reads it from that row, so a query that wants the
    /// summaries of some of the steps it visits looks none of them up
    /// again. A step the index describes (`.operations`) comes without its
    /// row, and `summary` is nil: a query reads those it wants many at a
    /// time (`steps(_:on:)`).
    public func storedBytesWithSummaries(
        on timeline: TimelineInfo,
        range: ClosedRange<Int>,
        touching keys: ChangeIndexKeys? = nil,
        _ body: (_ step: Int, _ stored: StoredBytes, _ summary: (() throws(RecordingError) -> StepSummary)?) throws -> Bool
    ) throws {
        // The walk calls `described` only while it runs.
        try withoutActuallyEscaping(body) { body in
            try cursor(for: timeline).walkRows(
                range: range, columns: StepsTable.summaryAndStorageColumns, touching: keys,
                described: { step, patch in try body(step, .operations(patch), nil) }
            ) { row in
                try body(row.int(.step), try stored(row, on: timeline)) { () throws(RecordingError) in
                    try row.summary(on: timeline.name, actions: self.parsedActions)
                }
            }
        }
    }

    private func stored(_ row: StepRow, on timeline: TimelineInfo) throws(RecordingError) -> StoredBytes {
        if let keyframe = row.bytes(.keyframe) { return .keyframe(keyframe) }
        if let patch = row.bytes(.patch) { return .patch(patch) }
        throw .corruptStep(step: row.int(.step), timeline: timeline.name, reason: "it has neither a keyframe nor a patch")
    }
}
