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

    /// The encoded elements of the pass before a record's, kept so the next
    /// change at that path writes into them instead of copying the record's
    /// elements whole: with a one-item change to a long list, each pass then
    /// writes the items that changed in the last two passes, and retains and
    /// releases nothing else. Kept apart from the record, so that taking it
    /// leaves it with one reference, and changing it in place is possible.
    /// Where anything else still holds it, copy-on-write copies it, as
    /// before.
    struct Spare: SpareContents {
        var elements: [JSONValue]
        var contents: [JSONValue] {
            get { elements }
            set { elements = newValue }
        }
        /// The positions, below both counts, where `elements` may differ
        /// from the record's elements; past the shorter count they differ
        /// in length only.
        var stale: [Int]

        /// Writes into `buffer`, the spare's elements taken out of it, what
        /// turns them into `elements`: the stale positions and the
        /// difference in length, nothing else.
        func catchUp(_ buffer: inout [JSONValue], to elements: [JSONValue]) {
            for position in stale {
                buffer[position] = elements[position]
            }
            if buffer.count > elements.count {
                buffer.removeLast(buffer.count - elements.count)
            } else if buffer.count < elements.count {
                buffer.append(contentsOf: elements[buffer.count...])
            }
        }
    }

    /// A dictionary's `Spare`: the members of the pass before a record's.
    struct DictionarySpare: SpareContents {
        var members: [String: JSONValue]
        var contents: [String: JSONValue] {
            get { members }
            set { members = newValue }
        }
        /// The keys, spelled exactly, whose members may differ from the
        /// record's: changed, added or removed.
        var stale: [String]

        /// Writes into `buffer`, the spare's members taken out of it, what
        /// turns them into `members`: the stale keys, nothing else. Every
        /// stale spelling goes first, so a key respelled in another
        /// normalization never meets its old spelling.
        func catchUp(_ buffer: inout [String: JSONValue], to members: [String: JSONValue]) {
            for key in stale {
                if let index = buffer.index(forKey: key), buffer[index].key.hasSameScalars(as: key) {
                    buffer.remove(at: index)
                }
            }
            for key in stale {
                if let value = members.value(exactlyAt: key) { buffer[key] = value }
            }
        }
    }

    /// Makes `buffer`, about to be written for the first time this pass
    /// and still the record's contents, the taken spare caught up to them:
    /// swapped, not copied, so the spare's storage keeps one reference.
    /// Without a spare, `buffer` stays shared and its first write copies it.
    static func writeIntoSpare<Kept: SpareContents>(_ spare: inout Kept?, _ buffer: inout Kept.Contents, caughtUpTo record: Kept.Contents) {
        guard var taken = spare.take() else { return }
        swap(&buffer, &taken.contents)
        taken.catchUp(&buffer, to: record)
    }

    /// What one pass keeps for the next, by coding path.
    struct Pass {
        var arrays: [[JSONCodingPathComponent]: Record] = [:]
        var dictionaries: [[JSONCodingPathComponent]: DictionaryRecord] = [:]
        var spares: [[JSONCodingPathComponent]: Spare] = [:]
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
    func takeSpare(at path: [JSONCodingPathComponent]) -> Spare? {
        last.spares.removeValue(forKey: path)
    }

    func record(_ record: Record, at path: [JSONCodingPathComponent], spare: Spare? = nil) {
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

/// A spare's contents and how to bring them up to a record's.
protocol SpareContents {
    associatedtype Contents
    var contents: Contents { get set }
    func catchUp(_ buffer: inout Contents, to contents: Contents)
}
