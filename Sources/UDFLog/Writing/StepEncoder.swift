import UDFDiff
import UDFJSON

/// The write side's one state pipeline: it turns each step handed to a
/// writer into the row stored for it.
///
/// It owns every stage, in order: encode (incrementally), redact, canonical
/// text, hash, patch from the previous state, and the keyframe decision.
/// The stages' shortcuts rest on one invariant, which this type alone keeps:
/// consecutive states come from one `IncrementalJSONEncoder` and one
/// `IncrementalRedaction`, so unchanged subtrees share storage with the
/// previous state, and the canonical writer, the hasher and the patch skip
/// them in O(1). No other type orders its work to keep that true.
///
/// Use one encoder per timeline being written, from one thread at a time.
final class StepEncoder {
    /// What a failed batch must put back: the state the next patch is made
    /// from. The encoders' caches need no putting back: each is correct
    /// whatever it saw last.
    struct Position {
        var previous: JSONValue?
        var sinceKeyframe = KeyframePolicy.Progress()
        var shadowPrevious: JSONValue?
    }

    let policy: KeyframePolicy
    private(set) var position = Position()
    private let stateEncoder = IncrementalJSONEncoder()
    private let stateRedaction: IncrementalRedaction
    private let actionRedaction: IncrementalRedaction
    private let canonicalWriter = IncrementalCanonicalWriter()
    private let hasher = IncrementalStateHash()
    private var shadow: ShadowCheck?
    /// Whether a copied step may keep its stored text: only where this
    /// encoder would redact nothing and no shadow check wants the plain path.
    private let keepsStoredText: Bool

    init(policy: KeyframePolicy, redactor: Redactor = .none, shadowCheck: Bool = false) {
        self.policy = policy
        stateRedaction = IncrementalRedaction(redactor: redactor)
        actionRedaction = IncrementalRedaction(redactor: redactor)
        shadow = shadowCheck ? ShadowCheck(redactor: redactor) : nil
        keepsStoredText = redactor.changesNothing && !shadowCheck
    }

    /// The row for `input` on `timelineID`.
    ///
    /// - Throws: `RecordingError.unencodable` for a value with no JSON form,
    ///   `.shadowMismatch` when the shadow check is on and disagrees.
    /// - Parameter keeping: How a copied step is stored in its source, and
    ///   its state: its text, hash and size are kept as they are when the
    ///   text is given and the keyframe policy agrees, instead of being made
    ///   again. The state is what the next patch is made from.
    func encode(
        _ input: HostStep, timelineID: Int, keeping stored: (StoredState, JSONValue)? = nil
    ) throws(RecordingError) -> StepsTable.StoredRow {
        if let stored, keepsStoredText, let row = try keptRow(input, timelineID: timelineID, stored: stored.0, state: stored.1) {
            return row
        }
        let state: JSONValue
        do {
            state = stateRedaction.redact(try stateEncoder.encode(input.state))
        } catch {
            throw RecordingError.unencodable(step: input.step, reason: "\(error)")
        }
        let action = try encodeAction(of: input)
        let canonical = canonicalWriter.write(state)
        let hash = hasher.of(canonical)
        var patch: String?
        if let previous = position.previous, !policy.wantsKeyframe(after: position.sinceKeyframe, stateBytes: canonical.count) {
            let text = SharingAwarePatch.make(from: previous, to: state).jsonValue.canonicalText
            if policy.patchIsWorthIt(patchBytes: text.utf8.count, stateBytes: canonical.count) {
                patch = text
            }
        }
        if var shadow {
            try shadow.check(step: input.step, state: input.state, recorded: state, canonical: canonical, hash: hash, patch: patch)
            if let action {
                try shadow.checkAction(step: input.step, raw: action.raw, recorded: action.redacted)
            }
            self.shadow = shadow
            position.shadowPrevious = shadow.previous
        }
        return row(
            input, timelineID: timelineID, action: action, state: state,
            keyframe: patch == nil ? String(decoding: canonical, as: UTF8.self) : nil,
            patch: patch, hash: hash, size: canonical.count
        )
    }

    /// The row for a copied step that keeps its stored text, or nil when the
    /// policy wants a keyframe where the source stored a patch.
    private func keptRow(
        _ input: HostStep, timelineID: Int, stored: StoredState, state: JSONValue
    ) throws(RecordingError) -> StepsTable.StoredRow? {
        let keyframe: String?
        let patch: String?
        switch stored.text {
        case .keyframe(let text)?:
            keyframe = String(decoding: text, as: UTF8.self)
            patch = nil
        case .patch(let text)?:
            guard position.previous != nil, !policy.wantsKeyframe(after: position.sinceKeyframe, stateBytes: stored.size) else { return nil }
            keyframe = nil
            patch = String(decoding: text, as: UTF8.self)
        case nil:
            return nil
        }
        return row(
            input, timelineID: timelineID, action: try encodeAction(of: input), state: state,
            keyframe: keyframe, patch: patch, hash: stored.hash, size: stored.size
        )
    }

    private func encodeAction(of input: HostStep) throws(RecordingError) -> (raw: JSONValue, redacted: JSONValue)? {
        guard let value = input.action else { return nil }
        do {
            let raw = try JSONValueEncoder().encode(value)
            return (raw, actionRedaction.redactAlone(raw))
        } catch {
            throw RecordingError.unencodable(step: input.step, reason: "\(error)")
        }
    }

    /// The stored row, moving the encoder on past `state`.
    private func row(
        _ input: HostStep, timelineID: Int, action: (raw: JSONValue, redacted: JSONValue)?, state: JSONValue,
        keyframe: String?, patch: String?, hash: String, size: Int
    ) -> StepsTable.StoredRow {
        position.previous = state
        position.sinceKeyframe.record(patchBytes: patch?.utf8.count)
        return StepsTable.StoredRow(
            timelineID: timelineID,
            step: input.step,
            time: input.time,
            action: action?.redacted.canonicalText,
            actionName: input.actionName ?? action.map { ActionName.of($0.raw) },
            cause: input.cause,
            reducerNanoseconds: input.reducerNanoseconds,
            keyframe: keyframe,
            patch: patch,
            stateHash: hash,
            stateSize: size
        )
    }

    /// Puts back `saved` after a batch that was not written.
    func restore(_ saved: Position) {
        position = saved
        shadow?.restore(previous: saved.shadowPrevious)
    }
}
