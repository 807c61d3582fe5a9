/// `branch --json`: the new timeline.
struct BranchOutput: Encodable {
    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    let branch: TimelineRecord
}
