import UDFJSON

extension JSONValue {
    /// Deep equality that compares numbers by value, so `1`, `1.0` and `1e0`
    /// are equal; strings and keys compare by scalars, as everywhere.
    ///
    /// RFC 6902 `test` and predicates need this; `==` compares number text,
    /// which the diff needs so that a patch reproduces the exact target.
    func isValueEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null):
            return true
        case (.bool(let left), .bool(let right)):
            return left == right
        case (.number(let left), .number(let right)):
            if left == right { return true }
            // Integers past 2^53 collide as doubles, so compare them exactly.
            if let leftInt = left.intValue, let rightInt = right.intValue { return leftInt == rightInt }
            return left.doubleValue == right.doubleValue
        case (.string(let left), .string(let right)):
            return left.hasSameScalars(as: right)
        case (.array(let left), .array(let right)):
            guard left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.isValueEqual(to: $1) }
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            for (key, value) in left {
                guard let match = right.value(exactlyAt: key), value.isValueEqual(to: match) else { return false }
            }
            return true
        default:
            return false
        }
    }
}
