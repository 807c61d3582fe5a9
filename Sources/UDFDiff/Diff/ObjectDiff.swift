import UDFJSON

/// The difference between two objects: one entry per key, sorted by key.
public struct ObjectDiff: Sendable, Equatable {
    /// One key of the union of both objects' keys.
    public enum Entry: Sendable, Equatable {
        case unchanged(key: String, value: JSONValue)
        case changed(key: String, diff: DiffNode)
        case added(key: String, value: JSONValue)
        case removed(key: String, value: JSONValue)

        public var key: String {
            switch self {
            case .unchanged(let key, _), .changed(let key, _), .added(let key, _), .removed(let key, _):
                key
            }
        }

        /// Whether the key's value differs between the two objects.
        var isChange: Bool {
            if case .unchanged = self { false } else { true }
        }
    }

    /// Every key of either object, in sorted order, unchanged ones included
    /// so that renderers can place collapsed runs where they occur.
    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// How many keys hold equal values on both sides.
    public var unchangedCount: Int {
        entries.count { if case .unchanged = $0 { true } else { false } }
    }
}
