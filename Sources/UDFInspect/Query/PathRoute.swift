import UDFDiff
import UDFJSON

/// Where a path currently lives in a state, as JSON Pointer tokens, and which
/// patch operations could change the value there.
///
/// The route is the longest prefix of the path that resolves. Identity
/// components (`[id=2]`) resolve to different indices over time, and another
/// element may take the id, so from the array holding the first identity on,
/// any operation inside that array counts.
struct PathRoute: Equatable {
    /// Pointer tokens of the resolved prefix.
    let tokens: [String]
    /// For each token, whether it indexes an array (so that inserting or
    /// removing an earlier element shifts it).
    let indexesArray: [Bool]
    /// How many leading tokens the watched region has: up to the array holding
    /// the first identity component, else the whole route.
    let anchorCount: Int

    /// Resolves `path` (without wildcards) in `state`.
    init(_ path: JSONPath, in state: JSONValue) {
        var tokens: [String] = []
        var indexesArray: [Bool] = []
        var anchor: Int?
        var current = state
        resolving: for component in path.components {
            switch (component, current) {
            case (.key(let key), .object(let members)):
                guard let member = members.value(exactlyAt: key) else { break resolving }
                tokens.append(key)
                indexesArray.append(false)
                current = member
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                tokens.append(String(index))
                indexesArray.append(true)
                current = elements[index]
            case (.identity(let id), .array(let elements)):
                if anchor == nil { anchor = tokens.count }
                // `pointer(in:)` matches ids exactly as `select(in:)` does, numbers by value.
                guard let token = JSONPath(components: [.identity(id)]).pointer(in: current)?.tokens.first,
                      let index = Int(token), elements.indices.contains(index) else { break resolving }
                tokens.append(String(index))
                indexesArray.append(true)
                current = elements[index]
            case (.identity, _):
                if anchor == nil { anchor = tokens.count }
                break resolving
            default:
                break resolving
            }
        }
        self.tokens = tokens
        self.indexesArray = indexesArray
        self.anchorCount = anchor ?? tokens.count
    }

    /// Whether applying `operation` may change the value at the path.
    ///
    /// True when the operation writes an ancestor of the watched region, the
    /// region itself or anything inside it, or inserts into or removes from an
    /// array on the way to it (which shifts the index the route goes through).
    func mayChange(under operation: PatchOperation) -> Bool {
        switch operation {
        case .test:
            return false
        case .replace(let path, _), .copy(_, let path):
            return overlaps(path.tokens)
        case .add(let path, _), .remove(let path):
            return overlaps(path.tokens) || shifts(path.tokens)
        case .move(let from, let path):
            return overlaps(from.tokens) || shifts(from.tokens) || overlaps(path.tokens) || shifts(path.tokens)
        }
    }

    private func overlaps(_ pointer: [String]) -> Bool {
        let watched = tokens.prefix(anchorCount)
        let shared = min(pointer.count, watched.count)
        return pointer.prefix(shared).elementsEqual(watched.prefix(shared)) { $0.hasSameScalars(as: $1) }
    }

    private func shifts(_ pointer: [String]) -> Bool {
        guard let last = pointer.indices.last, last < anchorCount, indexesArray[last] else { return false }
        return pointer.prefix(last).elementsEqual(tokens.prefix(last)) { $0.hasSameScalars(as: $1) }
    }
}
