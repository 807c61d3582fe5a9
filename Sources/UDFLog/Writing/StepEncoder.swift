import UDFDiff
import UDFJSON

/// The write side's one state pipeline: it turns each step handed to a
/// writer into the row stored for it.
///
/// It owns every stage, in order: encode (incrementally), redact, hash and
/// canonical size, patch from the previous state, the keyframe decision,
/// and canonical text for keyframes. With the tree hash (format v4) a
/// patched step writes no text at all; a session of an older file keeps the
/// text hash, which needs every step's text.
/// The stages' shortcuts rest on one invariant, which this type alone keeps:
/// consecutive states come from one `IncrementalJSONEncoder` and one
/// `IncrementalRedaction`, so unchanged subtrees share storage with the
/// previous state, and the tree hasher, the canonical writer, the text
/// hasher and the patch skip them in O(1). No other type orders its work to
/// keep that true.
///
/// Use one encoder per timeline being written, from one thread at a time.
final class StepEncoder {
    /// What a failed batch must put back: the state the next patch is made
    /// from. The encoders' caches need no putting back: each is correct
    /// whatever it saw last.
    struct Position {
        var previous: JSONValue?
        var stepsSinceKeyframe = 0
        var shadowPrevious: JSONValue?
    }

    let policy: KeyframePolicy
    /// The session's, for every step: an older session keeps its own.
    let hashAlgorithm: StateHashAlgorithm
    private(set) var position = Position()
    private let stateEncoder = IncrementalJSONEncoder()
    private let stateRedaction: IncrementalRedaction
    private let actionRedaction: IncrementalRedaction
    private let canonicalWriter = IncrementalCanonicalWriter()
    private let textHasher = IncrementalStateHash()
    private let treeHasher = IncrementalTreeHash()
    private var shadow: ShadowCheck?

    init(policy: KeyframePolicy, hashAlgorithm: StateHashAlgorithm, redactor: Redactor = .none, shadowCheck: Bool = false) {
        self.policy = policy
        self.hashAlgorithm = hashAlgorithm
        stateRedaction = IncrementalRedaction(redactor: redactor)
        actionRedaction = IncrementalRedaction(redactor: redactor)
        shadow = shadowCheck ? ShadowCheck(redactor: redactor) : nil
    }

    /// The row for `input` on `timelineID`.
    ///
    /// - Throws: `RecordingError.unencodable` for a value with no JSON form,
    ///   `.shadowMismatch` when the shadow check is on and disagrees.
    func encode(_ input: HostStep, timelineID: Int) throws(RecordingError) -> StepsTable.StoredRow {
        let state: JSONValue
        var action: (raw: JSONValue, redacted: JSONValue)?
        do {
            state = stateRedaction.redact(try stateEncoder.encode(input.state))
            if let value = input.action {
                let raw = try JSONValueEncoder().encode(value)
                action = (raw, actionRedaction.redactAlone(raw))
            }
        } catch {
            throw RecordingError.unencodable(step: input.step, reason: "\(error)")
        }
        var canonical: [UInt8]?
        let hash: String
        let size: Int
        switch hashAlgorithm {
        case .canonicalText:
            let bytes = canonicalWriter.write(state)
            canonical = bytes
            hash = textHasher.of(bytes)
            size = bytes.count
        case .tree:
            let measure = treeHasher.measure(state)
            hash = measure.hex
            size = measure.size
        }
        var patch: String?
        if let previous = position.previous, !policy.wantsKeyframe(stepsSinceKeyframe: position.stepsSinceKeyframe) {
            let text = SharingAwarePatch.make(from: previous, to: state).jsonValue.canonicalText
            if policy.patchIsWorthIt(patchBytes: text.utf8.count, stateBytes: size) {
                patch = text
            }
        }
        if patch == nil, canonical == nil {
            canonical = canonicalWriter.write(state)
        }
        if var shadow {
            try shadow.check(
                step: input.step, state: input.state, recorded: state, canonical: canonical,
                hash: hash, size: size, algorithm: hashAlgorithm, patch: patch
            )
            if let action {
                try shadow.checkAction(step: input.step, raw: action.raw, recorded: action.redacted)
            }
            self.shadow = shadow
            position.shadowPrevious = shadow.previous
        }
        position.previous = state
        position.stepsSinceKeyframe = patch == nil ? 0 : position.stepsSinceKeyframe + 1
        return StepsTable.StoredRow(
            timelineID: timelineID,
            step: input.step,
            time: input.time,
            action: action?.redacted.canonicalText,
            actionName: input.actionName ?? action.map { ActionName.of($0.raw) },
            cause: input.cause,
            reducerNanoseconds: input.reducerNanoseconds,
            keyframe: patch == nil ? canonical.map { String(decoding: $0, as: UTF8.self) } : nil,
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
