import UDFJSON

/// `diff --json`: the two steps, the RFC 6902 patch from A to B and one entry per change.
struct DiffOutput: Encodable {
    struct Side: Encodable {
        let timeline: String
        let step: Int
    }

    /// One change. `kind` is `added`, `removed`, `changed` or `moved`.
    struct Change: Encodable {
        let path: String
        let kind: ChangeKind
        let old: JSONValue?
        let new: JSONValue?
        let fromIndex: Int?
        let toIndex: Int?
    }

    let schemaVersion = JSONSchemaVersion.current
    let session: Int
    let from: Side
    let to: Side
    /// The `--path` both states were narrowed to, or null.
    @Nullable var path: String?
    let equal: Bool
    let patch: JSONValue
    let changes: [Change]
}
