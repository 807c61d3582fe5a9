/// `why --json`: the causal chain of a step, what else its causes sent, and what it sent.
struct WhyOutput: Encodable {
    /// The other steps one cause's effects sent.
    struct Siblings: Encodable {
        let cause: Int
        let steps: [StepRecord]
    }

    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    let timeline: String
    let step: Int
    let chain: [StepRecord]
    let alsoSent: [Siblings]
    let sent: [StepRecord]
}
