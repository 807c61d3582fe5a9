/// `log --json`: the timeline; its `steps` member streams
/// (`StreamedJSONDocument`), one `StepRecord` at a time.
struct LogOutput: Encodable {
    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    let timeline: String
}
