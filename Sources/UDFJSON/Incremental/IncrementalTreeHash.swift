import Foundation

/// Computes the tree hash (`StateTreeHash`) and the canonical byte count of
/// successive states, paying for what changed since the previous state.
///
/// It keeps a memo shaped like the previous state: each array and object
/// with its hash, size and storage, and each child's. A container that
/// shares storage with the one measured at its place last time is taken as
/// it was, in O(1). An array that changed is compared with the old one
/// element by element (bits, `sameBitsRun`), unless the encoder's
/// `ContainerEdits` name the positions it changed, and only the elements that
/// differ are measured; its wrapping sum of terms is updated at those
/// positions. Elements that moved are found by storage identity. An object
/// that changed looks each member up in the old one.
///
/// The memo keeps the previous state's containers alive, so an identity it
/// holds is a proof. The results are always `StateTreeHash.value(of:)` and
/// `value.canonicalBytes.count`.
///
/// Use one per state stream, from one thread at a time.
public final class IncrementalTreeHash {
    /// A state's tree hash and its canonical text's length in bytes.
    public struct Measure: Sendable, Equatable {
        public let hash: UInt64
        public let size: Int

        /// The hash as 16 lowercase hex digits.
        public var hex: String { StateHash.hex(hash) }
    }

    /// Positions that changed in place before an array is rebuilt with an
    /// identity lookup instead (its elements probably moved).
    static let changedBeforeRebuild = 32

    private var root: Node?

    public init() {}

    /// The tree hash and canonical size of `value`.
    ///
    /// - Parameter edits: The encoder's proof of which positions changed in
    ///   the arrays it made from the previous state's: no other position of
    ///   those arrays is compared.
    public func measure(_ value: JSONValue, edits: ContainerEdits = ContainerEdits()) -> Measure {
        var node = root
        root = nil
        let result = Self.measure(value, memo: &node, edits: edits)
        root = node
        return result
    }

    /// Forgets the previous state, releasing it.
    public func reset() {
        root = nil
    }

    // MARK: Memo

    /// What is remembered of one array or object.
    struct Node {
        var hash: UInt64
        var size: Int
        var body: Body
    }

    enum Body {
        case array(ArrayMemo)
        case object(ObjectMemo)
    }

    struct ArrayMemo {
        /// The elements as measured, kept alive so their bits stay proofs.
        var elements: [JSONValue]
        var hashes: [UInt64]
        var sizes: [Int]
        var children: [Node?]
        var sum: UInt64
        var contentSize: Int
    }

    struct ObjectMemo {
        /// The members as measured, kept alive for the identity check.
        var members: [String: JSONValue]
        var entries: [String: Entry]
        var sum: UInt64
        var contentSize: Int
    }

    /// One member: `key` as spelled (a dictionary finds canonically
    /// equivalent keys, which hash apart), its value kept alive, its term
    /// and its bytes in the canonical text (`"key":value`).
    struct Entry {
        var key: String
        var value: JSONValue
        var term: UInt64
        var size: Int
        var child: Node?
    }

    // MARK: Measuring

    static func measure(_ value: JSONValue, memo: inout Node?, edits: ContainerEdits) -> Measure {
        switch value {
        case .array(let elements):
            return measureArray(elements, memo: &memo, edits: edits)
        case .object(let members):
            return measureObject(members, memo: &memo, edits: edits)
        default:
            memo = nil
            return Measure(hash: StateTreeHash.scalar(value), size: JSONWriter.canonicalSize(ofScalar: value))
        }
    }

    private static func measureArray(_ elements: [JSONValue], memo: inout Node?, edits: ContainerEdits) -> Measure {
        if let node = memo, case .array(let array) = node.body, sameStorage(elements, array.elements) {
            return Measure(hash: node.hash, size: node.size)
        }
        // Taken out of the memo, the arrays have one reference and change in place.
        var node = memo
        memo = nil
        if case .array(var array)? = node?.body {
            node = nil
            update(&array, with: elements, edits: edits)
            return finish(array, into: &memo)
        }
        var array = ArrayMemo(elements: [], hashes: [], sizes: [], children: [], sum: 0, contentSize: 0)
        rebuild(&array, with: elements, edits: edits)
        return finish(array, into: &memo)
    }

    private static func finish(_ array: ArrayMemo, into memo: inout Node?) -> Measure {
        let measure = container(.array, count: array.elements.count, sum: array.sum, contentSize: array.contentSize)
        memo = Node(hash: measure.hash, size: measure.size, body: .array(array))
        return measure
    }

    /// Measures the elements that differ from the old ones at their
    /// positions (those the encoder names, or else those whose bits
    /// differ); rebuilds when too many differ.
    private static func update(_ array: inout ArrayMemo, with elements: [JSONValue], edits: ContainerEdits) {
        let old = array.elements
        let common = min(old.count, elements.count)
        var changed: [Int] = []
        if let proven = edits.changedPositions(of: elements, from: old) {
            changed = proven
        } else {
            var index = 0
            while index < common {
                index += elements.sameBitsRun(with: old, from: index)
                guard index < common else { break }
                changed.append(index)
                if changed.count > changedBeforeRebuild { break }
                index += 1
            }
        }
        if changed.count > changedBeforeRebuild {
            rebuild(&array, with: elements, edits: edits)
            return
        }
        for position in changed {
            var child = array.children[position]
            array.children[position] = nil
            let measure = measure(elements[position], memo: &child, edits: edits)
            array.children[position] = child
            array.sum &-= StateTreeHash.elementTerm(array.hashes[position], at: position)
            array.sum &+= StateTreeHash.elementTerm(measure.hash, at: position)
            array.contentSize += measure.size - array.sizes[position]
            array.hashes[position] = measure.hash
            array.sizes[position] = measure.size
        }
        if old.count > elements.count {
            for position in elements.count..<old.count {
                array.sum &-= StateTreeHash.elementTerm(array.hashes[position], at: position)
                array.contentSize -= array.sizes[position]
            }
            array.hashes.removeLast(old.count - elements.count)
            array.sizes.removeLast(old.count - elements.count)
            array.children.removeLast(old.count - elements.count)
        }
        for position in common..<max(common, elements.count) {
            var child: Node?
            let measure = measure(elements[position], memo: &child, edits: edits)
            array.children.append(child)
            array.sum &+= StateTreeHash.elementTerm(measure.hash, at: position)
            array.contentSize += measure.size
            array.hashes.append(measure.hash)
            array.sizes.append(measure.size)
        }
        array.elements = elements
    }

    /// Measures every position again, reusing the old measure of each
    /// element that is unchanged at its position or moved (same storage).
    private static func rebuild(_ array: inout ArrayMemo, with elements: [JSONValue], edits: ContainerEdits) {
        let old = array
        var moved: [JSONStorageIdentity: Int] = [:]
        if !old.elements.isEmpty {
            for (position, element) in old.elements.enumerated() {
                // The old array keeps the element alive: the same storage is the same contents.
                if let identity = element.storageIdentity { moved[identity] = position }
            }
        }
        array = ArrayMemo(elements: elements, hashes: [], sizes: [], children: [], sum: 0, contentSize: 0)
        array.hashes.reserveCapacity(elements.count)
        array.sizes.reserveCapacity(elements.count)
        array.children.reserveCapacity(elements.count)
        var index = 0
        while index < elements.count {
            let run = elements.sameBitsRun(with: old.elements, from: index)
            for position in index..<(index + run) {
                append(old.hashes[position], old.sizes[position], old.children[position], at: position, to: &array)
            }
            index += run
            guard index < elements.count else { break }
            if let identity = elements[index].storageIdentity, let from = moved[identity] {
                append(old.hashes[from], old.sizes[from], old.children[from], at: index, to: &array)
            } else if index < old.children.count, old.children[index] != nil {
                var child = old.children[index]
                let measure = measure(elements[index], memo: &child, edits: edits)
                append(measure.hash, measure.size, child, at: index, to: &array)
            } else {
                // No memo to start from (the first state, or an array
                // built afresh): the element is measured without making
                // one, which it gets once it changes; most never do.
                let measure = measurePlain(elements[index])
                append(measure.hash, measure.size, nil, at: index, to: &array)
            }
            index += 1
        }
    }

    /// The tree hash and canonical size of `value`, computed as `measure`
    /// computes them, making no memo.
    static func measurePlain(_ value: JSONValue) -> Measure {
        var sum: UInt64 = 0
        var contentSize = 0
        switch value {
        case .array(let elements):
            for (position, element) in elements.enumerated() {
                let measure = measurePlain(element)
                sum &+= StateTreeHash.elementTerm(measure.hash, at: position)
                contentSize += measure.size
            }
            return container(.array, count: elements.count, sum: sum, contentSize: contentSize)
        case .object(let members):
            for (key, value) in members {
                let (term, size) = member(key, measurePlain(value))
                sum &+= term
                contentSize += size
            }
            return container(.object, count: members.count, sum: sum, contentSize: contentSize)
        default:
            return Measure(hash: StateTreeHash.scalar(value), size: JSONWriter.canonicalSize(ofScalar: value))
        }
    }

    /// An array's or object's measure from its count, the sum of its
    /// elements' or members' terms and their bytes (with no separators).
    private static func container(_ tag: StateTreeHash.Tag, count: Int, sum: UInt64, contentSize: Int) -> Measure {
        Measure(hash: StateTreeHash.container(tag, count: count, sum: sum), size: 2 + contentSize + max(0, count - 1))
    }

    /// A member's term in its object's sum, and its bytes: `"key":value`.
    private static func member(_ key: String, _ value: Measure) -> (term: UInt64, size: Int) {
        (StateTreeHash.memberTerm(key: StateTreeHash.string(key), value: value.hash), JSONWriter.canonicalSize(of: key) + 1 + value.size)
    }

    private static func append(_ hash: UInt64, _ size: Int, _ child: Node?, at position: Int, to array: inout ArrayMemo) {
        array.hashes.append(hash)
        array.sizes.append(size)
        array.children.append(child)
        array.sum &+= StateTreeHash.elementTerm(hash, at: position)
        array.contentSize += size
    }

    private static func measureObject(_ members: [String: JSONValue], memo: inout Node?, edits: ContainerEdits) -> Measure {
        if let node = memo, case .object(let object) = node.body, sameStorage(members, object.members) {
            return Measure(hash: node.hash, size: node.size)
        }
        var node = memo
        memo = nil
        var object = ObjectMemo(members: [:], entries: [:], sum: 0, contentSize: 0)
        if case .object(let existing)? = node?.body {
            node = nil
            object = existing
        }
        if let proven = edits.changedKeys(of: members, from: object.members) {
            for key in proven {
                update(&object, at: key, to: members.value(exactlyAt: key), edits: edits)
            }
        } else {
            updateAll(&object, to: members, edits: edits)
        }
        object.members = members
        let measure = container(.object, count: members.count, sum: object.sum, contentSize: object.contentSize)
        memo = Node(hash: measure.hash, size: measure.size, body: .object(object))
        return measure
    }

    /// Brings the entry of `key`, spelled exactly so, up to `value`: the
    /// member's new value, or nil where it is gone. An entry under an
    /// equivalent key spelled otherwise is the member's old spelling, which
    /// the new one replaces; when `key` is that old spelling, it is gone already.
    private static func update(_ object: inout ObjectMemo, at key: String, to value: JSONValue?, edits: ContainerEdits) {
        guard let index = object.entries.index(forKey: key) else {
            if let value { add(&object, key, value, edits: edits) }
            return
        }
        if let value {
            replace(&object, at: index, key, value, edits: edits)
        } else if object.entries.values[index].key.hasSameScalars(as: key) {
            object.sum &-= object.entries.values[index].term
            object.contentSize -= object.entries.values[index].size
            object.entries.remove(at: index)
        }
    }

    /// Brings every entry up to `members`, each looked up once.
    private static func updateAll(_ object: inout ObjectMemo, to members: [String: JSONValue], edits: ContainerEdits) {
        let oldCount = object.entries.count
        var found = 0
        for (key, value) in members {
            guard let index = object.entries.index(forKey: key) else {
                add(&object, key, value, edits: edits)
                continue
            }
            found += 1
            replace(&object, at: index, key, value, edits: edits)
        }
        if found < oldCount {
            for (key, entry) in object.entries where members[key] == nil {
                object.sum &-= entry.term
                object.contentSize -= entry.size
                object.entries[key] = nil
            }
        }
    }

    private static func add(_ object: inout ObjectMemo, _ key: String, _ value: JSONValue, edits: ContainerEdits) {
        var child: Node?
        let entry = measureMember(key, value, memo: &child, edits: edits)
        object.sum &+= entry.term
        object.contentSize += entry.size
        object.entries[key] = entry
    }

    /// The entry at `index`, of `key` or of an equivalent spelling, measured
    /// again unless it holds the same bits under the same scalars.
    private static func replace(_ object: inout ObjectMemo, at index: Dictionary<String, Entry>.Index, _ key: String, _ value: JSONValue, edits: ContainerEdits) {
        // Read in place: a copy of the entry would share its child's
        // arrays and make the child's update copy them whole.
        let sameKey = object.entries.values[index].key.hasSameScalars(as: key)
        if sameKey, sameBits(object.entries.values[index].value, value) { return }
        let oldTerm = object.entries.values[index].term
        let oldSize = object.entries.values[index].size
        var child = sameKey ? object.entries.values[index].child : nil
        object.entries.values[index].child = nil
        let entry = measureMember(key, value, memo: &child, edits: edits)
        object.sum &-= oldTerm
        object.sum &+= entry.term
        object.contentSize += entry.size - oldSize
        object.entries.values[index] = entry
    }

    /// Takes `memo` (left nil): the entry holds the child's memo after.
    private static func measureMember(_ key: String, _ value: JSONValue, memo: inout Node?, edits: ContainerEdits) -> Entry {
        let (term, size) = member(key, measure(value, memo: &memo, edits: edits))
        let entry = Entry(key: key, value: value, term: term, size: size, child: memo)
        memo = nil
        return entry
    }

    // MARK: Identity

    private static func sameStorage<Storage>(_ a: Storage, _ b: Storage) -> Bool {
        guard let mine = JSONStorageIdentity.of(a) else { return false }
        return mine == JSONStorageIdentity.of(b)
    }

    /// Equal bits are the same value while both are alive (see `sameBitsRun`).
    private static func sameBits(_ a: JSONValue, _ b: JSONValue) -> Bool {
        withUnsafeBytes(of: a) { x in
            withUnsafeBytes(of: b) { y in
                memcmp(x.baseAddress!, y.baseAddress!, MemoryLayout<JSONValue>.size) == 0
            }
        }
    }
}
