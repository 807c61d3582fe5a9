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
        let changes = node.changes
        let paths = changes.map(\.path.description)
        let values = changes.map { change -> [String] in
            switch change.kind {
            case .replaced(let old, let new): [compactJSON(old), compactJSON(new)]
            case .added(let value), .removed(let value): [compactJSON(value)]
            case .moved: []
            }
        }
        // A change whose path or value reads like another's but differs in
        // scalars (a respelled key, NFC against NFD) is spelled scalar by scalar.
        let pathLookAlike = LookAlikes.marks(paths)
        let valueLookAlike = LookAlikes.marks(values.flatMap { $0 })
        var valueIndex = 0
        return changes.indices.map { index in
            let count = values[index].count
            let spell = pathLookAlike[index] || valueLookAlike[valueIndex..<(valueIndex + count)].contains(true)
            valueIndex += count
            func text(_ part: String) -> String { spell ? JSONCodingPath.spellingScalars(part) : part }
            let detail = switch changes[index].kind {
            case .replaced: "\(text(values[index][0])) → \(text(values[index][1]))"
            case .added: "added \(text(values[index][0]))"
            case .removed: "removed \(text(values[index][0]))"
            case .moved(let from, let to): "moved \(from) → \(to)"
            }
            return "\(text(paths[index])): \(detail)"
        }.joined(separator: "\n")
    }
}
