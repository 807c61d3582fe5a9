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
    func finish(_ prepared: PreparedRow) throws(RecordingError) -> StepsTable.StoredRow {
        var row = prepared.row
        if let value = prepared.action {
            let raw: JSONValue
            do {
                raw = try JSONValueEncoder().encode(value)
            } catch {
                throw RecordingError.unencodable(step: row.step, reason: "\(error)")
            }
            let redacted = actionRedaction.redactAlone(raw)
            try shadow?.checkAction(step: row.step, raw: raw, recorded: redacted)
            row.action = redacted.canonicalText
            row.actionName = row.actionName ?? ActionName.of(raw)
        }
        switch prepared.keyframe {
        case .text(let text)?:
            row.keyframe = text
        case .state(let state)?:
            let bytes = keyframeWriter.write(state)
            try shadow?.checkKeyframe(step: row.step, written: bytes, state: state)
            row.keyframe = String(decoding: bytes, as: UTF8.self)
        case nil:
            break
        }
        return row
    }
}
