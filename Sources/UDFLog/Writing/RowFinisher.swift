import UDFJSON

/// The write side's second stage: turns a `PreparedRow` into the stored
/// row by writing its action's text (encoded, then redacted) and a
/// keyframe's canonical text. Neither depends on the steps around it, so
/// it may run behind `StepEncoder`, on another thread.
///
/// Use one finisher per encoder, from one thread at a time.
final class RowFinisher {
    private let actionRedaction: IncrementalRedaction
    private let keyframeWriter = IncrementalCanonicalWriter()
    /// Takes the plain path beside the redaction and the keyframe writer.
    private let shadow: ShadowCheck?

    init(redactor: Redactor, shadowCheck: Bool) {
        actionRedaction = IncrementalRedaction(redactor: redactor)
        shadow = shadowCheck ? ShadowCheck(redactor: redactor) : nil
    }

    /// - Throws: `RecordingError.unencodable` for an action with no JSON
    ///   form, `.shadowMismatch` when the shadow check disagrees.
    func finish(_ row: PreparedRow) throws(RecordingError) -> StepsTable.StoredRow {
        var actionText: String?
        var actionName = row.actionName
        if let value = row.action {
            let raw: JSONValue
            do {
                raw = try JSONValueEncoder().encode(value)
            } catch {
                throw RecordingError.unencodable(step: row.step, reason: "\(error)")
            }
            let redacted = actionRedaction.redactAlone(raw)
            try shadow?.checkAction(step: row.step, raw: raw, recorded: redacted)
            actionText = redacted.canonicalText
            actionName = actionName ?? ActionName.of(raw)
        }
        let keyframe: String?
        switch row.keyframe {
        case .text(let text)?:
            keyframe = text
        case .state(let state)?:
            let bytes = keyframeWriter.write(state)
            try shadow?.checkKeyframe(step: row.step, written: bytes, state: state)
            keyframe = String(decoding: bytes, as: UTF8.self)
        case nil:
            keyframe = nil
        }
        return StepsTable.StoredRow(
            timelineID: row.timelineID,
            step: row.step,
            time: row.time,
            action: actionText,
            actionName: actionName,
            cause: row.cause,
            reducerNanoseconds: row.reducerNanoseconds,
            keyframe: keyframe,
            patch: row.patch,
            stateHash: row.stateHash,
            stateSize: row.stateSize,
            changes: row.changes
        )
    }
}
