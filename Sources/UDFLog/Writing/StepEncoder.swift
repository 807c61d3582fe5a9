import UDFDiff
import UDFJSON

/// Turns consecutive states into stored rows: a keyframe or a patch from the
/// previous state, plus the canonical hash and size.
///
/// It keeps the previous state, so it is a value that a writer commits only
/// after the row is safely written.
struct StepEncoder {
    struct EncodedState {
        let keyframe: String?
        let patch: String?
        let hash: String
        let size: Int
    }

    let policy: KeyframePolicy
    private(set) var previous: JSONValue?
    private(set) var stepsSinceKeyframe = 0
    /// Shared by copies on purpose: it is a cache, correct whatever state it
    /// wrote last, so a batch that rolls back leaves nothing to undo.
    private let canonicalWriter = IncrementalCanonicalWriter()
    /// Shared the same way: it resumes from whatever text it hashed last.
    private let hasher = IncrementalStateHash()

    init(policy: KeyframePolicy, previous: JSONValue? = nil, stepsSinceKeyframe: Int = 0) {
        self.policy = policy
        self.previous = previous
        self.stepsSinceKeyframe = stepsSinceKeyframe
    }

    /// The row for `state`. Unchanged subtrees that share storage with the
    /// previous state cost O(1) in the canonical text and in the patch.
    mutating func encode(_ state: JSONValue) -> EncodedState {
        let canonical = canonicalWriter.write(state)
        let hash = hasher.of(canonical)
        defer { previous = state }
        if let previous, !policy.wantsKeyframe(stepsSinceKeyframe: stepsSinceKeyframe) {
            let patch = SharingAwarePatch.make(from: previous, to: state).jsonValue.canonicalText
            if policy.patchIsWorthIt(patchBytes: patch.utf8.count, stateBytes: canonical.count) {
                stepsSinceKeyframe += 1
                return EncodedState(keyframe: nil, patch: patch, hash: hash, size: canonical.count)
            }
        }
        stepsSinceKeyframe = 0
        return EncodedState(
            keyframe: String(decoding: canonical, as: UTF8.self),
            patch: nil,
            hash: hash,
            size: canonical.count
        )
    }
}
