extension JSONValue {
    /// Whether arrays and objects nest in this value more than `limit` deep
    /// (`[[1]]` nests 2 deep, a scalar 0). It descends no further than
    /// `limit + 1`, so a value built deeper than any stack holds is answered
    /// without overflowing one.
    public func nests(deeperThan limit: Int) -> Bool {
        switch self {
        case .array(let elements):
            return limit < 1 || elements.contains { $0.nests(deeperThan: limit - 1) }
        case .object(let members):
            return limit < 1 || members.values.contains { $0.nests(deeperThan: limit - 1) }
        default:
            return false
        }
    }
}

extension JSONValue {
    /// The path, from this value, to the first array or object that nests
    /// past `limit` (the members of an object taken in canonical key order,
    /// so the answer is the same in every process), or nil when none does.
    /// For error messages: `nests(deeperThan:)` answers faster.
    public func pathNesting(deeperThan limit: Int) -> [JSONCodingPathComponent]? {
        switch self {
        case .array(let elements):
            guard limit >= 1 else { return [] }
            for (index, element) in elements.enumerated() {
                if let path = element.pathNesting(deeperThan: limit - 1) { return [.index(index)] + path }
            }
            return nil
        case .object(let members):
            guard limit >= 1 else { return [] }
            for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                if let path = members[key]?.pathNesting(deeperThan: limit - 1) { return [.key(key)] + path }
            }
            return nil
        default:
            return nil
        }
    }
}
