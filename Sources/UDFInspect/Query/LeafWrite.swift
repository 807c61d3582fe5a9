import UDFDiff
import UDFJSON

/// A path of keys and positions only (`.items[3].score`), as the pointer
/// tokens of the place it names, so that a step whose operations all
/// `replace` exactly that place gives the path's new value without being
/// applied. An `[id=…]` or `[*]` names different places as the state
/// changes, so such a path has none.
struct LeafWrite {
    let tokens: [String]

    init?(_ path: JSONPath) {
        var tokens: [String] = []
        for component in path.components {
            switch component {
            case .key(let key): tokens.append(key)
            case .index(let index) where index >= 0: tokens.append(String(index))
            default: return nil
            }
        }
        guard !tokens.isEmpty else { return nil }
        self.tokens = tokens
    }

    /// The place every one of `paths` names, when each is a path of keys and
    /// positions and all name the same place, tokens compared by scalars.
    init?(every paths: [JSONPath]) {
        guard let first = paths.first.flatMap(LeafWrite.init) else { return nil }
        for path in paths.dropFirst() {
            guard let other = LeafWrite(path), other.tokens.elementsEqual(first.tokens, by: { $0.hasSameScalars(as: $1) }) else { return nil }
        }
        self = first
    }

    var pointer: JSONPointer { JSONPointer(tokens: tokens) }

    /// What the last of `operations` writes, when each of them replaces the
    /// value at exactly this place (tokens compared by scalars, as keys
    /// are); nil when any does something else or there are none.
    ///
    /// Only where the place exists does this stand for applying them: a
    /// `replace` of a missing place fails.
    func value(writtenBy operations: [PatchOperation]) -> JSONValue? {
        var written: JSONValue?
        for operation in operations {
            guard case .replace(let path, let value) = operation,
                  path.tokens.elementsEqual(tokens, by: { $0.hasSameScalars(as: $1) }) else { return nil }
            written = value
        }
        return written
    }
}
