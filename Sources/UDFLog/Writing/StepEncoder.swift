import UDFDiff
import UDFJSON

/// The write side's one state pipeline: it turns each step handed to a
/// writer into the row stored for it.
///
/// It owns every stage of the state, in order: encode (incrementally),
/// redact, hash and canonical size, patch from the previous state, and the
/// keyframe decision. With the tree hash (format v4) a patched step writes
/// no text at all; a session of an older file keeps the text hash, which
/// needs every step's text. What follows from values alone, the action's
/// text and a keyframe's, is left to `finisher` (`prepare(_:timelineID:keeping:)`),
/// which a recorder runs on a thread of its own.
/// The stages' shortcuts rest on one invariant, which this type alone keeps:
/// consecutive states come from one `IncrementalJSONEncoder` and one
/// `IncrementalRedaction`, so unchanged subtrees share storage with the
/// previous state, and the tree hasher, the canonical writer, the text
/// hasher and the patch skip them in O(1). No other type orders its work to
/// keep that true.
///
/// Use one encoder per timeline being written, from one thread at a time;
/// its `finisher` may run on another thread meanwhile, itself one at a time.
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
    /// The session's, for every step: an older session keeps its own.
    let hashAlgorithm: StateHashAlgorithm
    private(set) var position = Position()
    /// Steps that kept their stored text (`encode(_:timelineID:keeping:)`).
    private(set) var keptSteps = 0
    private let stateEncoder = IncrementalJSONEncoder()
    private let stateRedaction: IncrementalRedaction
    /// The text hash's writer; a tree-hash session leaves keyframes to `finisher`.
    private let canonicalWriter = IncrementalCanonicalWriter()
    private let textHasher = IncrementalStateHash()
    private let treeHasher = IncrementalTreeHash()
    private var shadow: ShadowCheck?
    /// Finishes this encoder's rows; `encode` uses it in line.
    let finisher: RowFinisher
    /// Whether a copied step may keep its stored text: only where this
    /// encoder would redact nothing and no shadow check wants the plain path.
    private let keepsStoredText: Bool

    init(policy: KeyframePolicy, hashAlgorithm: StateHashAlgorithm, redactor: Redactor = .none, shadowCheck: Bool = false) {
        self.policy = policy
        self.hashAlgorithm = hashAlgorithm
        stateRedaction = IncrementalRedaction(redactor: redactor)
        finisher = RowFinisher(redactor: redactor, shadowCheck: shadowCheck)
        shadow = shadowCheck ? ShadowCheck(redactor: redactor) : nil
        keepsStoredText = redactor.changesNothing && !shadowCheck
    }

    /// The row for `input` on `timelineID`: `prepare` and `finisher`, in line.
    ///
    /// - Throws: `RecordingError.unencodable` for a value with no JSON form,
    ///   `.shadowMismatch` when the shadow check is on and disagrees.
    func encode(
        _ input: HostStep, timelineID: Int, keeping stored: (StoredState, JSONValue)? = nil
    ) throws(RecordingError) -> StepsTable.StoredRow {
        try finisher.finish(prepare(input, timelineID: timelineID, keeping: stored))
    }

    /// The row for `input` on `timelineID`, its action's and keyframe's
    /// texts left to `finisher`.
    ///
    /// - Throws: `RecordingError.unencodable` for a state with no JSON form,
    ///   `.shadowMismatch` when the shadow check is on and disagrees.
    /// - Parameter keeping: How a copied step is stored in its source, and
    ///   its state: its text, hash and size are kept as they are when the
    ///   text is given and the keyframe policy agrees, instead of being made
    ///   again. The state is what the next patch is made from.
    func prepare(
        _ input: HostStep, timelineID: Int, keeping stored: (StoredState, JSONValue)? = nil
    ) throws(RecordingError) -> PreparedRow {
        if let stored, keepsStoredText, let row = keptRow(input, timelineID: timelineID, stored: stored.0, state: stored.1) {
            return row
        }
        let state: JSONValue
        // Which positions and keys changed in the encoder's containers, and
        // in those the redaction made from its last output: the stages below
        // look at those alone, valid until the encoder's next pass.
        let edits: ContainerEdits
        do {
            let encoded = try stateEncoder.encode(input.state)
            (state, edits) = stateRedaction.redactHandingOnEdits(encoded, edits: stateEncoder.lastEdits)
        } catch {
            throw RecordingError.unencodable(step: input.step, reason: "\(error)")
        }
        let canonical: [UInt8]?
        let hash: String
        let size: Int
        switch hashAlgorithm {
        case .canonicalText:
            let bytes = canonicalWriter.write(state)
            canonical = bytes
            hash = textHasher.of(bytes)
            size = bytes.count
        case .tree:
            canonical = nil
            let measure = treeHasher.measure(state, edits: edits)
            hash = measure.hex
            size = measure.size
        }
        // Made at keyframes too: it names the members the step is indexed under.
        let made = position.previous.map { SharingAwarePatch.make(from: $0, to: state, edits: edits) }
        var patch: String?
        if let made, !policy.wantsKeyframe(after: position.sinceKeyframe, stateBytes: size) {
            let text = made.canonicalText
            if policy.patchIsWorthIt(patchBytes: text.utf8.count, stateBytes: size) {
                patch = text
            }
        }
        if var shadow {
            try shadow.check(
                step: input.step, state: input.state, recorded: state, canonical: canonical,
                hash: hash, size: size, algorithm: hashAlgorithm, patch: patch
            )
            self.shadow = shadow
            position.shadowPrevious = shadow.previous
        }
        let keyframe: PreparedRow.Keyframe? = if patch != nil {
            nil
        } else if let canonical {
            .text(String(decoding: canonical, as: UTF8.self))
        } else {
            .state(state)
        }
        return row(input, timelineID: timelineID, state: state, keyframe: keyframe, patch: patch, hash: hash, size: size, made: made)
    }

    /// The row for a copied step that keeps its stored text, or nil when the
    /// policy wants a keyframe where the source stored a patch.
    private func keptRow(
        _ input: HostStep, timelineID: Int, stored: StoredState, state: JSONValue
    ) -> PreparedRow? {
        guard stored.hashAlgorithm == hashAlgorithm else { return nil }
        let keyframe: PreparedRow.Keyframe?
        let patch: String?
        switch stored.text {
        case .keyframe(let text)?:
            keyframe = .text(String(decoding: text, as: UTF8.self))
            patch = nil
        case .patch(let text)?:
            guard position.previous != nil, !policy.wantsKeyframe(after: position.sinceKeyframe, stateBytes: stored.size) else { return nil }
            keyframe = nil
            patch = String(decoding: text, as: UTF8.self)
        case nil:
            return nil
        }
        keptSteps += 1
        return row(input, timelineID: timelineID, state: state, keyframe: keyframe, patch: patch, hash: stored.hash, size: stored.size)
    }

    /// The stored row, moving the encoder on past `state`.
    ///
    /// - Parameter made: The patch from the previous state, when one was
    ///   made: a keyframe is indexed under the members it names, and a kept
    ///   keyframe without one makes it. A patch's keys, and its operations
    ///   under each child, are read from its text as it is stored.
    private func row(
        _ input: HostStep, timelineID: Int, state: JSONValue,
        keyframe: PreparedRow.Keyframe?, patch: String?, hash: String, size: Int, made: JSONPatch? = nil
    ) -> PreparedRow {
        // A patch's keys come from its text, with its operations under each child.
        var changes = keyframe == nil ? nil : made.map(ChangedMembersTable.keys)
        if changes == nil, keyframe != nil, let previous = position.previous {
            changes = ChangedMembersTable.keys(of: SharingAwarePatch.make(from: previous, to: state))
        }
        position.previous = state
        position.sinceKeyframe.record(patchBytes: patch?.utf8.count)
        let row = StepsTable.StoredRow(
            timelineID: timelineID,
            step: input.step,
            time: input.time,
            action: nil,
            actionName: input.actionName,
            cause: input.cause,
            reducerNanoseconds: input.reducerNanoseconds,
            keyframe: nil,
            patch: patch,
            stateHash: hash,
            stateSize: size,
            changes: changes.map { ScannedPatch(keys: $0) }
        )
        return PreparedRow(row: row, action: input.action, keyframe: keyframe)
    }

    /// Puts back `saved` after a batch that was not written.
    func restore(_ saved: Position) {
        position = saved
        shadow?.restore(previous: saved.shadowPrevious)
    }
}
