/// Two JSON values are equal exactly when their canonical bytes are equal.
///
/// Strings and keys compare by Unicode scalars, never by canonical
/// equivalence; numbers by their literal text (`1` and `1.0` differ, as
/// their bytes do). This is the equality that decides what a recording
/// stores as unchanged, so it must agree with `canonicalBytes` and the hash.
/// Predicates that want numbers compared by value use `isValueEqual(to:)`.
extension JSONValue {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.number(let a), .number(let b)):
            return a.text.hasSameScalars(as: b.text)
        case (.string(let a), .string(let b)):
            return a.hasSameScalars(as: b)
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            if lhs.isIdentical(to: rhs) { return true }
            return a.hasSameElements(as: b)
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            if lhs.isIdentical(to: rhs) { return true }
            return a.hasSameMembers(as: b)
        default:
            return false
        }
    }
}
