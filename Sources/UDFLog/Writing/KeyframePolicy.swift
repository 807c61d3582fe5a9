/// Decides which steps store a full state instead of a patch.
///
/// A keyframe every `interval` steps bounds a rebuild to `interval - 1`
/// patches. A patch that is not smaller than half the state gains nothing, so
/// such a step stores a keyframe instead and restarts the count.
public struct KeyframePolicy: Sendable, Equatable {
    public let interval: Int

    public init(interval: Int = 64) {
        self.interval = max(1, interval)
    }

    func wantsKeyframe(stepsSinceKeyframe: Int) -> Bool {
        stepsSinceKeyframe + 1 >= interval
    }

    func patchIsWorthIt(patchBytes: Int, stateBytes: Int) -> Bool {
        patchBytes * 2 < stateBytes
    }
}
