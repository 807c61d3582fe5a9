/// What `IncrementalJSONEncoder` remembers between passes: every array and
/// string-keyed dictionary it encoded, by coding path, with the encoded
/// elements or members and which of them are proven to hold no reference.
///
/// Keeping the previous arrays alive is what makes the shortcuts sound: a
/// buffer that is still referenced here cannot be changed in place, and
/// cannot be freed and its address reused.
final class EncodingReuseMemo {
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

    /// A string-keyed dictionary as it was encoded, kept alive on purpose.
    struct DictionaryRecord {
        let dictionary: Any
        let identity: JSONStorageIdentity?
        let members: [String: JSONValue]
        /// Every value, as encoded, reaches no class instance, closure or
        /// pointer; otherwise nothing of the record is reused.
        let allHoldNoReference: Bool
    }

    /// What one pass keeps for the next, by coding path.
    struct Pass {
        var arrays: [[JSONCodingPathComponent]: Record] = [:]
        var dictionaries: [[JSONCodingPathComponent]: DictionaryRecord] = [:]
        var spares: [[JSONCodingPathComponent]: ArraySpare] = [:]
        var dictionarySpares: [[JSONCodingPathComponent]: DictionarySpare] = [:]
        /// What the pass changed in the containers it wrote.
        var edits = ContainerEdits()
    }

    /// The last finished pass, which this one compares against.
    private(set) var last = Pass()
    private var current = Pass()
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

    /// Takes the spare kept at `path` last pass, leaving none there.
    func takeSpare(at path: [JSONCodingPathComponent]) -> ArraySpare? {
        last.spares.removeValue(forKey: path)
    }

    func record(_ record: Record, at path: [JSONCodingPathComponent], spare: ArraySpare? = nil) {
        current.arrays[path] = record
        if let spare { current.spares[path] = spare }
        if let identity = record.identity {
            currentVerdicts[identity] = record.allHoldNoReference
        }
    }

    /// Takes the dictionary spare kept at `path` last pass, leaving none there.
    func takeDictionarySpare(at path: [JSONCodingPathComponent]) -> DictionarySpare? {
        last.dictionarySpares.removeValue(forKey: path)
    }

    func record(_ record: DictionaryRecord, at path: [JSONCodingPathComponent], spare: DictionarySpare? = nil) {
        current.dictionaries[path] = record
        if let spare { current.dictionarySpares[path] = spare }
    }

    /// Notes that this pass made `after` from the previous pass's `before`,
    /// writing only at `changed` and past the shorter count.
    func recordEdit(before: [JSONValue], after: [JSONValue], changed: [Int]) {
        current.edits.record(before: before, after: after, changed: changed)
    }

    /// Notes that this pass made the object `after` from the previous pass's
    /// `before`, changing, adding or removing only the members at `changed`.
    func recordEdit(before: [String: JSONValue], after: [String: JSONValue], changed: [String]) {
        current.edits.record(before: before, after: after, changed: changed)
    }

    /// Forgets the last pass's edits before this pass writes into its buffers.
    func startPass() {
        last.edits = ContainerEdits()
    }

    /// Whether `value` holds no reference, judged on this very value.
    func holdsNoReference<Value>(_ value: Value) -> Bool {
        !scan.holdsReference(value, knownArrays: currentVerdicts)
    }

    /// Makes this pass the one the next pass compares against.
    func finishPass() {
        last = current
        current = Pass()
        currentVerdicts = [:]
    }

    /// Forgets a failed pass; the next one compares against the last good pass.
    func abandonPass() {
        current = Pass()
        currentVerdicts = [:]
    }

    func forgetAll() {
        last = Pass()
        abandonPass()
    }
}
