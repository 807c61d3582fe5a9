/// How deep a timeline's changed-members index goes: the value of
/// `timelines.changes_indexed`.
public enum ChangeIndexDepth: Int, Comparable, Sendable {
    /// Top-level members and the root (format v5).
    case members = 1
    /// Members, their children, and each member written whole or reshaped
    /// (format v6).
    case children = 2
    /// Children, and for each child the operations of each patch step
    /// under it, so a query about the child reads those instead of the
    /// steps' rows (format v7).
    case operations = 3

    public static func < (lhs: ChangeIndexDepth, rhs: ChangeIndexDepth) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// What every writer of this build indexes the timelines it creates to.
    static let written = ChangeIndexDepth.operations
}
