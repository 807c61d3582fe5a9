/// `sessions --json` for one file.
struct SessionsOutput: Encodable {
    let schemaVersion = JSONSchemaVersion.current
    let sessions: [SessionRecord]
}
