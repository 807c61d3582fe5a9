import UDFJSON

/// What a session's metadata says about how its steps were recorded, for
/// sessions imported from Redux DevTools.
///
/// - `"statesRecorded": false`: the file had actions only; every stored state
///   is a placeholder (the initial state), so no command may read meaning into it.
/// - `"skippedSteps": [2, 5]`: steps Redux DevTools listed in
///   `skippedActionIds`; each keeps its action and the previous step's state.
public struct SessionFacts: Sendable, Equatable {
    public var statesRecorded: Bool
    public var skippedSteps: Set<Int>

    public init(statesRecorded: Bool = true, skippedSteps: Set<Int> = []) {
        self.statesRecorded = statesRecorded
        self.skippedSteps = skippedSteps
    }

    /// The facts a session's metadata states; a session with none has states and no skipped steps.
    public init(metadata: JSONValue?) {
        statesRecorded = metadata?["statesRecorded"] != .bool(false)
        skippedSteps = Set((metadata?["skippedSteps"]?.arrayValue ?? []).compactMap { $0.numberValue?.intValue })
    }

    /// The members to merge into a session's metadata; empty when there is nothing to say.
    public var metadataMembers: [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        if !statesRecorded { members["statesRecorded"] = false }
        if !skippedSteps.isEmpty {
            members["skippedSteps"] = .array(skippedSteps.sorted().map { .number(JSONNumber($0)) })
        }
        return members
    }
}
