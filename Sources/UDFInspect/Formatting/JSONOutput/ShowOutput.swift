import UDFJSON

/// `show --json`: the step's fields, then its state, or the value at `--path`.
struct ShowOutput: Encodable {
    /// What `--path` selected: one value, or each value a `[*]` path selects with its own path.
    enum Selection: Encodable {
        /// One value a wildcard path selected, where it sits.
        struct Match: Encodable {
            let path: String
            let value: JSONValue
        }

        case single(JSONValue)
        case matches([Match])

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .single(let value): try value.encode(to: encoder)
            case .matches(let matches): try matches.encode(to: encoder)
            }
        }
    }

    let session: Int
    let timeline: String
    let step: StepRecord
    /// Without `--path`.
    let state: JSONValue?
    /// With `--path`.
    let path: String?
    /// With `--path`: the value, or `[{"path", "value"}]` for a path with `[*]`.
    let value: Selection?

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, session, timeline, state, path, value
    }

    func encode(to encoder: any Encoder) throws {
        // The step's fields sit at the top level, beside the session and timeline.
        try step.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(JSONSchemaVersion.current, forKey: .schemaVersion)
        try container.encode(session, forKey: .session)
        try container.encode(timeline, forKey: .timeline)
        try container.encodeIfPresent(state, forKey: .state)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encodeIfPresent(value, forKey: .value)
    }
}
