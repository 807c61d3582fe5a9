/// Decides which steps store a full state instead of a patch: by cost, not by count.
///
/// A rebuild parses the last keyframe and replays every patch since. So a
/// keyframe is due once replaying the patches since the last one would
/// cost as much as parsing its share of a keyframe: a sixth of the state
/// (`replayShare`), but at least `replayFloorBytes` (about a millisecond
/// of parsing) and never more than the whole state. A large state's
/// rebuild then spends at most about a sixth more than its parse on
/// patches; a state of tens or hundreds of KB, whose parse is short, may
/// replay for about a millisecond rather than store a keyframe every few
/// dozen steps. A patch costs its bytes plus `replayOverheadBytes`, the
/// fixed work of reading, parsing and applying one row, measured as bytes
/// of keyframe parsed in the same time. Only after `minimumSpacing` steps,
/// so that small states, whose rebuilds are fast anyway, do not pay a
/// keyframe's bytes (and the writer its text) more often than every 128
/// steps: a 10 KB state's replay of 127 patches stays under a millisecond.
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
    static let minimumSpacing = 128
    /// Replaying one patch row costs about as much as parsing this many
    /// bytes of keyframe, beyond the patch's own bytes: udf-bench's rebuild
    /// fit, 3.7–4.8 µs a patch against 7.7–10.9 ms for a 1.08 MB keyframe.
    static let replayOverheadBytes = 512
    /// A large state replays patches for at most this fraction of its parse.
    static let replayShare = 6
    /// Any state may replay this many bytes' worth of parsing (about a
    /// millisecond), unless its whole parse costs less.
    static let replayFloorBytes = 160 * 1_024

    /// - Parameter interval: the most steps between keyframes; by default
    ///   1,024, so that cost decides for states up to about 3.5 MB.
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
        return replayBytes >= Self.replayBudget(stateBytes: stateBytes)
    }

    /// The replay, in bytes of parsing, that a state of `stateBytes` may
    /// pay before its next keyframe.
    static func replayBudget(stateBytes: Int) -> Int {
        min(stateBytes, max(stateBytes / replayShare, replayFloorBytes))
    }

    func patchIsWorthIt(patchBytes: Int, stateBytes: Int) -> Bool {
        patchBytes * 2 < stateBytes
    }
}
