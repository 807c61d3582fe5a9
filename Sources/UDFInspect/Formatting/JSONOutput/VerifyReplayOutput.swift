import UDFJSON

/// `verify --replay --json`: the first step whose replayed state differs, if any.
struct VerifyReplayOutput: Encodable {
    struct Divergence: Encodable {
        let step: Int
        @Nullable var action: JSONValue?
        /// RFC 6902, from the recorded state to the replayed one.
        let patch: JSONValue
    }

    let schemaVersion = JSONSchemaVersion.current
    let ok: Bool
    let session: Int
    let timeline: String
    let reducer: String
    let replayedStepCount: Int
    let reappliedSteps: [Int]
    @Nullable var divergence: Divergence?
}
