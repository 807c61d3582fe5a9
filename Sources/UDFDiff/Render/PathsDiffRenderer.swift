import UDFJSON

/// Renders a diff as one line per change, such as `.todos[id=3].done: false → true`.
///
/// For example:
/// ```
/// .filter: "all" → "active"
/// .todos[id=2]: moved 4 → 0
/// .todos[id=9]: added {"done":false,"id":9}
/// ```
public struct PathsDiffRenderer: Sendable {
    public init() {}

    public func render(_ node: DiffNode) -> String {
        node.changes.map { change in
            let detail = switch change.kind {
            case .replaced(let old, let new):
                respelledStrings(old, new).map { "\($0.0) → \($0.1)" } ?? "\(compactJSON(old)) → \(compactJSON(new))"
            case .added(let value): "added \(compactJSON(value))"
            case .removed(let value): "removed \(compactJSON(value))"
            case .moved(let from, let to): "moved \(from) → \(to)"
            }
            return "\(change.path): \(detail)"
        }.joined(separator: "\n")
    }
}
