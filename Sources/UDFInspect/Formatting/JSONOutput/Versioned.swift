/// A record printed on its own line (JSON Lines, or a row of a streamed
/// array), given the `schemaVersion` a whole document carries.
struct Versioned<Record: Encodable>: Encodable {
    let record: Record

    init(_ record: Record) {
        self.record = record
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion
    }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(JSONSchemaVersion.current, forKey: .schemaVersion)
    }
}
