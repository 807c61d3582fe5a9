import UDFJSON

/// `blame --json`: every step that changed the value at a path.
struct BlameOutput: Encodable {
    /// A step's fields, the kind of change and the values before and after.
    struct Change: Encodable {
        let step: StepRecord
        let kind: ChangeKind
        let old: JSONValue?
        let new: JSONValue?

        private enum CodingKeys: String, CodingKey {
            case kind, old, new
        }

        func encode(to encoder: any Encoder) throws {
            try step.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encodeIfPresent(old, forKey: .old)
            try container.encodeIfPresent(new, forKey: .new)
        }
    }

    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    let timeline: String
    let path: String
    let at: Int
    /// How the answer was found: see docs/cli.md.
    let strategy: String
    let changes: [Change]
}
