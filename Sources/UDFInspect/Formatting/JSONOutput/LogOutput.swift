/// `log --json` and `find --json`'s steps: the timeline and its matching steps.
struct LogOutput: Encodable {
    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    let timeline: String
    let steps: [StepRecord]
}
