/// `timelines --json`: the session's timelines, main first.
struct TimelinesOutput: Encodable {
    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    let timelines: [TimelineRecord]
}
