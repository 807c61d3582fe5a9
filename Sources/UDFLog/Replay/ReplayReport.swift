import UDFJSON

/// What a replay did: the steps it re-ran, and what it found or wrote.
public struct ReplayReport: Sendable, Equatable {
    /// The session replayed.
    public let sessionID: Int
    /// The timeline whose actions were replayed.
    public let timeline: String
    /// The reducer name the host used.
    public let reducer: String
    /// The replay started from the recorded state at this step.
    public let fromStep: Int
    /// How many actions went through the reducer.
    public let stepsReplayed: Int
    /// Steps whose recorded action was redacted and no longer decodes: their
    /// recorded change was applied to the state instead of the reducer's.
    public let reappliedSteps: [Int]
    /// For a verify: the first step whose replayed state differs, or nil.
    public let divergence: ReplayDivergence?
    /// For a branch replay: the branch written.
    public let branch: TimelineInfo?

    public init(
        sessionID: Int,
        timeline: String,
        reducer: String,
        fromStep: Int,
        stepsReplayed: Int,
        reappliedSteps: [Int],
        divergence: ReplayDivergence?,
        branch: TimelineInfo?
    ) {
        self.sessionID = sessionID
        self.timeline = timeline
        self.reducer = reducer
        self.fromStep = fromStep
        self.stepsReplayed = stepsReplayed
        self.reappliedSteps = reappliedSteps
        self.divergence = divergence
        self.branch = branch
    }
}

/// The first step where replaying a recording's actions gives another state:
/// the sign of an impure reducer.
public struct ReplayDivergence: Sendable, Equatable {
    public let step: Int
    /// The recorded action; nil at step 0, where the state did not survive a
    /// round trip through the host's type.
    public let action: JSONValue?
    public let recorded: JSONValue
    public let replayed: JSONValue

    public init(step: Int, action: JSONValue?, recorded: JSONValue, replayed: JSONValue) {
        self.step = step
        self.action = action
        self.recorded = recorded
        self.replayed = replayed
    }
}
