import UDFJSON
import UDFLog

/// `blame --json`: every step that changed the value at a path. The
/// `changes` member streams (`StreamedJSONDocument`), one `Change` at a time.
struct BlameOutput: Encodable {
    /// A step's fields, the kind of change and the values before and after.
    struct Change: Encodable {
        let step: StepRecord
        let kind: ChangeKind
        let old: JSONValue?
        let new: JSONValue?

        init(_ change: PathBlame.Change, on timeline: TimelineInfo) {
            step = StepRecord(change.summary, on: timeline)
            kind = change.old == nil ? .added : change.new == nil ? .removed : .changed
            old = change.old
            new = change.new
        }

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
}
