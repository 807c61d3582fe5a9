import UDFDiff
import UDFJSON

/// Where a path currently lives in a state, as JSON Pointer tokens, and which
/// patch operations could change the value there.
///
/// The route is the longest prefix of the path that resolves. Identity
/// components (`[id=2]`) resolve to different indices over time, and another
/// element may take the id, so from the array holding the first identity on,
/// an operation inside that array counts, unless it cannot change which
/// element holds the id nor that element (`IdentityWatch`): a change deep in
/// another element, or, while no element holds the id, a removal or an
/// element or `id` written without it. So an element that vanished early
/// costs no state rebuild for the rest of the recording.
struct PathRoute: Equatable {
    /// Pointer tokens of the resolved prefix.
    let tokens: [String]
    /// For each token, whether it indexes an array (so that inserting or
    /// removing an earlier element shifts it).
    let indexesArray: [Bool]
    /// How many leading tokens the watched region has: up to the array holding
    /// the first identity component, else the whole route.
    let anchorCount: Int
    /// The first identity component and whether an element holds it, when
    /// the array holding it resolved.
    let identity: IdentityWatch?

    struct IdentityWatch: Equatable {
        /// The `[id=…]` component, to test written values with.
        let component: PathComponent
        /// The index token of the element holding the id; nil while none does.
        let holder: String?
    }

    /// Resolves `path` (without wildcards) in `state`.
    init(_ path: JSONPath, in state: JSONValue) {
        var tokens: [String] = []
        var indexesArray: [Bool] = []
        var anchor: Int?
        var identity: IdentityWatch?
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
                let isFirst = anchor == nil
                if isFirst { anchor = tokens.count }
                // `pointer(in:)` matches ids exactly as `select(in:)` does, numbers by value.
                let holder = JSONPath(components: [.identity(id)]).pointer(in: current)?.tokens.first
                if isFirst { identity = IdentityWatch(component: component, holder: holder) }
                guard let token = holder, let index = Int(token), elements.indices.contains(index) else { break resolving }
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
        self.identity = identity
    }

    /// Whether applying `operation` may change the value at the path.
    ///
    /// True when the operation writes an ancestor of the watched region, the
    /// region itself or anything inside it, or inserts into or removes from an
    /// array on the way to it (which shifts the index the route goes through).
    func mayChange(under operation: PatchOperation) -> Bool {
        if let identity, let verdict = identity.verdict(on: operation, arrayTokens: tokens.prefix(anchorCount)) {
            return verdict
        }
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

extension PathRoute.IdentityWatch {
    /// Whether `operation`, which writes inside the identity's array, may
    /// change the element holding the id or which element that is; nil when
    /// the operation is not inside the array, or not simple enough to judge
    /// (a move or a copy), so the general rule decides.
    func verdict(on operation: PatchOperation, arrayTokens: ArraySlice<String>) -> Bool? {
        let pointer: [String]
        let value: JSONValue?
        switch operation {
        case .add(let path, let written), .replace(let path, let written):
            pointer = path.tokens
            value = written
        case .remove(let path):
            pointer = path.tokens
            value = nil
        case .test:
            return false
        case .move, .copy:
            return nil
        }
        guard pointer.count > arrayTokens.count,
              pointer.prefix(arrayTokens.count).elementsEqual(arrayTokens, by: { $0.hasSameScalars(as: $1) }) else {
            return nil
        }
        let element = pointer[arrayTokens.count]
        if pointer.count == arrayTokens.count + 1 {
            // A whole element: adding or removing one shifts the holder; a
            // written element may bring the id.
            if let holder {
                if case .replace = operation, !element.hasSameScalars(as: holder) { return value.map(holdsID) ?? true }
                return true
            }
            return value.map(holdsID) ?? false
        }
        if let holder, element.hasSameScalars(as: holder) { return true }
        let member = pointer[arrayTokens.count + 1]
        guard member.hasSameScalars(as: "id") else { return false }
        // Another element's id: it takes ours only when written to it.
        guard pointer.count == arrayTokens.count + 2 else { return true }
        return value.map { JSONPath(components: [component]).select(in: .array([.object(["id": $0])])).isEmpty == false } ?? false
    }

    /// Whether `element` would be selected by the identity component.
    private func holdsID(_ element: JSONValue) -> Bool {
        !JSONPath(components: [component]).select(in: .array([element])).isEmpty
    }
}
