import UDFJSON

/// One leaf change of a diff, with the path where it happened.
///
/// Paths use `[id=…]` for elements of id-matched arrays and indices
/// otherwise: the new index, or the old one for a removal.
public struct DiffChange: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case replaced(old: JSONValue, new: JSONValue)
        case added(JSONValue)
        case removed(JSONValue)
        case moved(from: Int, to: Int)
    }

    public var path: JSONPath
    public var kind: Kind

    public init(path: JSONPath, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}
