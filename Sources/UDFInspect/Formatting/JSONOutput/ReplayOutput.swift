/// `replay --json`: the new branch and how it was computed.
struct ReplayOutput: Encodable {
    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    /// The timeline whose actions were replayed.
    let timeline: String
    let branch: TimelineRecord
    let reducer: String
    let fromStep: Int
    let replayedStepCount: Int
    let reappliedSteps: [Int]
}
