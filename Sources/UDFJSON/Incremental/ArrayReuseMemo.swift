/// What `IncrementalJSONEncoder` remembers between passes: every array it
/// encoded, by coding path, with the encoded elements and which of them are
/// proven to hold no reference.
///
/// Keeping the previous arrays alive is what makes the shortcuts sound: a
/// buffer that is still referenced here cannot be changed in place, and
/// cannot be freed and its address reused.
final class ArrayReuseMemo {
    struct Record {
        /// The Swift array as it was encoded, kept alive on purpose.
        let array: Any
        /// The buffer of `array`, while the layout check allows reading it.
        let identity: JSONStorageIdentity?
        let elements: [JSONValue]
        /// `holdsNoReference[i]`: element `i`, as encoded, reaches no class
        /// instance, closure or pointer, so equal bits prove an equal value.
        let holdsNoReference: [Bool]

        var allHoldNoReference: Bool { !holdsNoReference.contains(false) }
    }

    private(set) var previous: [[JSONCodingPathComponent]: Record] = [:]
    private var current: [[JSONCodingPathComponent]: Record] = [:]
    /// This pass's arrays by buffer, for `ReferenceScan` to skip an array it
    /// meets inside an element that was just encoded.
    private var currentVerdicts: [JSONStorageIdentity: Bool] = [:]
    let scan = ReferenceScan()
    private var fieldBytes: [ObjectIdentifier: FieldBytes] = [:]

    /// The bytes to compare for an element of `type`, found once per type.
    func fieldBytes(of type: Any.Type) -> FieldBytes {
        let key = ObjectIdentifier(type)
        if let known = fieldBytes[key] { return known }
        let found = FieldBytes.of(type)
        fieldBytes[key] = found
        return found
    }

    func record(_ record: Record, at path: [JSONCodingPathComponent]) {
        current[path] = record
        if let identity = record.identity {
            currentVerdicts[identity] = record.allHoldNoReference
        }
    }

    /// Whether `value` holds no reference, judged on this very value.
    func holdsNoReference<Value>(_ value: Value) -> Bool {
        !scan.holdsReference(value, knownArrays: currentVerdicts)
    }

    /// Makes this pass's arrays the ones the next pass compares against.
    func finishPass() {
        previous = current
        current = [:]
        currentVerdicts = [:]
    }

    /// Forgets a failed pass; the next one compares against the last good pass.
    func abandonPass() {
        current = [:]
        currentVerdicts = [:]
    }

    func forgetAll() {
        previous = [:]
        current = [:]
        currentVerdicts = [:]
    }
}
