/// The last line of `log --follow --json`: why the follow ended, so that a
/// consumer can tell a closed session from an interrupted one.
struct FollowEndRecord: Encodable {
    /// Why the follow stopped.
    enum Reason: String, Encodable {
        /// The host closed its session.
        case closed
        /// The host died without closing its session.
        case interrupted
        /// `--first`, `--last` or `--to` was reached.
        case limit
    }

    let schemaVersion = JSONSchemaVersion.current
    let end: Reason
    let session: Int
    let timeline: String
    let lastStep: Int
    /// How many step lines came before this one.
    let printedCount: Int
}
