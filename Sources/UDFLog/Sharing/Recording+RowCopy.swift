import Foundation
import UDFJSON

extension Recording {
    /// Visits the rows a `--format udf` copy of `range` would store, made
    /// from the stored rows alone: each keyframe or patch, hash, size and
    /// action exactly as stored, renumbered, with no state built past the
    /// first. They are the rows `walkSharedSteps` into
    /// `RecordingImporter.writeStandalone` would store when every step is
    /// left as recorded and keeps its row.
    ///
    /// That holds only while the stored text proves it (`SecretKeyScan`):
    /// no key of any state or action may be secret. So the walk gives up,
    /// returning false, at the first row whose text may bring a secret key,
    /// at a patch where `policy` wants a keyframe, or at once for a redactor
    /// with path rules or a session whose hash is not the copy's. The caller
    /// then discards what it wrote and exports step by step.
    ///
    /// - Parameter body: Called with each row, `timelineID` left for the caller's timeline.
    /// - Returns: Whether every row of the range was visited.
    func walkCopiedRows(
        _ timeline: TimelineInfo, range: ShareRange, redactor: Redactor, policy: KeyframePolicy,
        timelineID: Int, _ body: (StepsTable.StoredRow) throws -> Void
    ) throws -> Bool {
        guard !redactor.hasPathRules else { return false }
        let cursor = try cursor(for: timeline)
        guard cursor.hashAlgorithm == .current else { return false }
        let scan = SecretKeyScan(redactor: redactor)
        let offset = range.offset
        // Past step 0, the exported step 0 is the state before the range, stored whole.
        let firstKeyframe = offset > 0 ? try cursor.state(at: offset).canonicalBytes : nil
        var progress = KeyframePolicy.Progress()
        var complete = true
        try cursor.walkRows(range: offset...range.wanted.upperBound, columns: StepsTable.summaryAndStorageColumns) { row in
            let number = row.int(.step) - offset
            let keyframe: [UInt8]?
            let patch: [UInt8]?
            if number == 0 {
                keyframe = firstKeyframe ?? row.bytes(.keyframe)
                patch = nil
            } else if let stored = row.bytes(.keyframe) {
                keyframe = stored
                patch = nil
            } else {
                keyframe = nil
                patch = row.bytes(.patch)
            }
            let action = number > 0 ? row.bytes(.action) : nil
            let stateSize = row.int(.stateSize)
            guard let text = keyframe ?? patch,
                  !scan.mayBringSecretKey(text),
                  !(action.map(scan.mayBringSecretKey) ?? false),
                  keyframe != nil || !policy.wantsKeyframe(after: progress, stateBytes: stateSize)
            else {
                complete = false
                return false
            }
            progress.record(patchBytes: patch?.count)
            var actionName = number > 0 ? row.optionalText(.actionName) : nil
            if number > 0, actionName == nil, action != nil {
                // Named as the step-by-step path names it; rows the recorder wrote always have a name.
                actionName = try row.summary(on: timeline.name, actions: parsedActions).action.map(ActionName.of)
            }
            let patchText = patch.map { String(decoding: $0, as: UTF8.self) }
            try body(StepsTable.StoredRow(
                timelineID: timelineID,
                step: number,
                time: Date(timeIntervalSince1970: row.double(.time)),
                action: action.map { String(decoding: $0, as: UTF8.self) },
                actionName: actionName,
                cause: number > 0 ? row.optionalInt(.cause).flatMap { $0 > offset ? $0 - offset : nil } : nil,
                reducerNanoseconds: number > 0 ? row.optionalInt(.reducerNanoseconds) : nil,
                keyframe: keyframe.map { String(decoding: $0, as: UTF8.self) },
                patch: patchText,
                stateHash: row.text(.stateHash),
                stateSize: stateSize,
                // A patch's from the text the row stores, read here, beside the
                // reads, rather than on the writer's thread; a kept keyframe was
                // not compared with the state before it.
                changes: patchText.map { ChangedMembersTable.entry(ofPatchText: Array($0.utf8)) }
            ))
            return true
        }
        return complete
    }

    /// `walkCopiedRows` on a thread of its own, with `body` (the inserts)
    /// on the calling thread, as `walkSharedStepsOverlapped` does.
    func walkCopiedRowsOverlapped(
        _ timeline: TimelineInfo, range: ShareRange, redactor: Redactor, policy: KeyframePolicy,
        timelineID: Int, _ body: (StepsTable.StoredRow) throws -> Void
    ) throws -> Bool {
        try overlapped({ recording, emit in
            try recording.walkCopiedRows(timeline, range: range, redactor: redactor, policy: policy, timelineID: timelineID, emit)
        }, consume: body)
    }
}
