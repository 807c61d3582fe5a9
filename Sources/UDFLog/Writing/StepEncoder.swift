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

    init(policy: KeyframePolicy, previous: JSONValue? = nil, stepsSinceKeyframe: Int = 0) {
        self.policy = policy
        self.previous = previous
        self.stepsSinceKeyframe = stepsSinceKeyframe
    }

    mutating func encode(_ state: JSONValue) -> EncodedState {
        let canonical = state.canonicalBytes
        let hash = StateHash.of(canonical)
        defer { previous = state }
        if let previous, !policy.wantsKeyframe(stepsSinceKeyframe: stepsSinceKeyframe) {
            let patch = JSONPatch.make(from: previous, to: state).jsonValue.canonicalText
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
