/// What `IncrementalJSONEncoder` remembers between passes: every array it
/// encoded, by coding path, with the encoded elements.
///
/// Keeping the previous arrays alive is what makes the shortcuts sound: a
/// buffer that is still referenced here cannot be changed in place, and
/// cannot be freed and its address reused.
final class ArrayReuseMemo {
    struct Record {
        /// The Swift array as it was encoded, kept alive on purpose.
        let array: Any
        let elements: [JSONValue]
    }

    private(set) var previous: [[JSONCodingPathComponent]: Record] = [:]
    private var current: [[JSONCodingPathComponent]: Record] = [:]
    private var bitwiseComparable: [ObjectIdentifier: Bool] = [:]

    func record(_ record: Record, at path: [JSONCodingPathComponent]) {
        current[path] = record
    }

    /// Makes this pass's arrays the ones the next pass compares against.
    func finishPass() {
        previous = current
        current = [:]
    }

    /// Forgets a failed pass; the next one compares against the last good pass.
    func abandonPass() {
        current = [:]
    }

    func forgetAll() {
        previous = [:]
        current = [:]
    }

    /// Whether equal bits mean an equal value for `Element`, checked once per type.
    ///
    /// True for value types built from values: equal bits are equal scalars
    /// and the same copy-on-write buffers, which the memo keeps alive and so
    /// unchanged. A class instance can change behind an unchanged reference,
    /// so an element type that is, or holds, a class is never compared bitwise.
    func isBitwiseComparable<Element>(_ type: Element.Type, sample: Element) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = bitwiseComparable[key] { return known }
        let verdict = !(type is AnyClass) && !Self.holdsObject(sample, depth: 0)
        bitwiseComparable[key] = verdict
        return verdict
    }

    private static func holdsObject(_ value: Any, depth: Int) -> Bool {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class || type(of: value) is AnyClass { return true }
        guard depth < 8 else { return true }
        for child in mirror.children where holdsObject(child.value, depth: depth + 1) {
            return true
        }
        return false
    }
}
