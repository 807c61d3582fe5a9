/// Decides which steps store a full state instead of a patch: by cost, not by count.
///
/// A rebuild parses the last keyframe and replays every patch since. So a
/// keyframe is due once replaying the patches since the last one would cost
/// about as much as parsing a keyframe (the rebuild then takes at most about
/// twice a parse), and only after `minimumSpacing` steps, so that small
/// states, whose rebuilds are fast anyway, do not pay a keyframe's bytes
/// more often than every 64 steps. A patch costs its bytes plus
/// `replayOverheadBytes`, the fixed work of reading, parsing and applying
/// one row, measured as bytes of keyframe parsed in the same time.
///
/// Whatever the costs, a keyframe comes at least every `interval` steps,
/// which bounds a rebuild to `interval - 1` patches; with `interval` at most
/// `minimumSpacing` this is a keyframe every `interval` steps exactly. A
/// patch that is not smaller than half the state gains nothing, so such a
/// step stores a keyframe instead and restarts the count.
public struct KeyframePolicy: Sendable, Equatable {
    /// The most steps from one keyframe to the next.
    public let interval: Int

    /// Steps from a keyframe before cost can ask for the next one.
    static let minimumSpacing = 64
    /// Replaying one patch row costs about as much as parsing this many
    /// bytes of keyframe, beyond the patch's own bytes (udf-bench, 1 MB state).
    static let replayOverheadBytes = 4_096

    /// - Parameter interval: the most steps between keyframes; by default
    ///   1,024, so that cost decides for any state above about 256 KB.
    public init(interval: Int = 1_024) {
        self.interval = max(1, interval)
    }

    /// What the steps since the last keyframe have stored.
    struct Progress: Sendable, Equatable {
        var steps = 0
        var patchBytes = 0

        /// After a step stored `patchBytes` of patch, or nil for a keyframe.
        mutating func record(patchBytes bytes: Int?) {
            guard let bytes else {
                self = Progress()
                return
            }
            steps += 1
            patchBytes += bytes
        }
    }

    /// Whether the next step should store a keyframe, for a state of `stateBytes`.
    func wantsKeyframe(after progress: Progress, stateBytes: Int) -> Bool {
        if progress.steps + 1 >= interval { return true }
        guard progress.steps + 1 >= Self.minimumSpacing else { return false }
        let replayBytes = progress.patchBytes + progress.steps * Self.replayOverheadBytes
        return replayBytes >= stateBytes
    }

    func patchIsWorthIt(patchBytes: Int, stateBytes: Int) -> Bool {
        patchBytes * 2 < stateBytes
    }
}
