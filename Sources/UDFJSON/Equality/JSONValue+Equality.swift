/// Two JSON values are equal exactly when their canonical bytes are equal.
///
/// Strings and keys compare by Unicode scalars, never by canonical
/// equivalence; numbers by their literal text (`1` and `1.0` differ, as
/// their bytes do). This is the equality that decides what a recording
/// stores as unchanged, so it must agree with `canonicalBytes` and the hash.
/// Predicates that want numbers compared by value use `isValueEqual(to:)`.
extension JSONValue {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // One value switched on at a time: a switch over the pair `(lhs, rhs)`
        // copies both into a tuple, retaining and releasing each.
        switch lhs {
        case .null:
            if case .null = rhs { return true }
        case .bool(let a):
            if case .bool(let b) = rhs { return a == b }
        case .number(let a):
            if case .number(let b) = rhs { return a.text.hasSameScalars(as: b.text) }
        case .string(let a):
            if case .string(let b) = rhs { return a.hasSameScalars(as: b) }
        case .array(let a):
            guard case .array(let b) = rhs, a.count == b.count else { return false }
            if lhs.isIdentical(to: rhs) { return true }
            return a.hasSameElements(as: b)
        case .object(let a):
            guard case .object(let b) = rhs, a.count == b.count else { return false }
            if lhs.isIdentical(to: rhs) { return true }
            return a.hasSameMembers(as: b)
        }
        return false
    }
}
