/// `find --json` on one file.
struct FindOutput: Encodable {
    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    let timeline: String
    /// The predicate, as parsed.
    let `where`: String
    /// `first` or `all`.
    let mode: String
    let becomes: Bool
    let steps: [StepRecord]
}
