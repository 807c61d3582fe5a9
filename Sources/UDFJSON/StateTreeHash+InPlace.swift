extension StateTreeHash {
    /// The tree hash of the value at `value`, with its arrays and objects
    /// read where they lie (`PayloadLayout`, `DictionaryBuckets`), as
    /// `JSONValue.equalInPlace` reads them: walking a 1 MB state the plain
    /// way copies every container and member it passes, and each copy of a
    /// container is an atomic retain and release. Scalars are hashed as the
    /// plain path hashes them, and object keys through `keys`. With
    /// `splitting`, the first array of `splitElements` or more met on the
    /// way down is hashed in halves on two threads, as the plain path does.
    ///
    /// Only while `PayloadLayout.current` holds, and while the value at
    /// `value` is alive; the caller sees to both.
    static func hashInPlace(
        _ value: UnsafePointer<JSONValue>, layout: PayloadLayout, keys: inout KeyHashMemo, splitting: Bool
    ) -> UInt64 {
        switch layout.kind(of: value) {
        case .other:
            return scalar(value.pointee)
        case .array:
            let (base, count) = layout.elements(ofArray: value)
            let elements = Elements(base: base)
            if splitting, count >= splitElements {
                return container(.array, count: count, sum: sumInHalves(count: count) { range in
                    var keys = KeyHashMemo()
                    return elements.sum(range, layout: layout, keys: &keys, splitting: false)
                })
            }
            return container(.array, count: count, sum: elements.sum(0..<count, layout: layout, keys: &keys, splitting: splitting))
        case .object:
            // No buckets: an empty object, hashed the plain way.
            guard let members = layout.members(ofObject: value) else { return scalar(value.pointee) }
            var sum: UInt64 = 0
            _ = members.allMembers { key, member, _ in
                let term = hashInPlace(member.assumingMemoryBound(to: JSONValue.self), layout: layout, keys: &keys, splitting: splitting)
                sum &+= memberTerm(key: keys.hash(ofKeyAt: key), value: term)
                return true
            }
            return container(.object, count: members.count, sum: sum)
        }
    }

    /// An array's elements where they lie, handed to the threads that hash
    /// its halves while the caller holds the array.
    private struct Elements: @unchecked Sendable {
        let base: UnsafePointer<JSONValue>

        /// The sum of the terms of the elements in `range`.
        func sum(_ range: Range<Int>, layout: PayloadLayout, keys: inout KeyHashMemo, splitting: Bool) -> UInt64 {
            var sum: UInt64 = 0
            for index in range {
                sum &+= elementTerm(hashInPlace(base + index, layout: layout, keys: &keys, splitting: splitting), at: index)
            }
            return sum
        }
    }
}

/// The hashes of object keys met during one hash of one state, found by
/// the key's 16 bytes: a state's objects mostly share a few keys, and
/// hashing each again is a quarter of the whole.
///
/// Equal bits are the same key while both keys are alive, as
/// `Dictionary.sameMembers` relies on: a short string's bits are its bytes,
/// a long one's point to an immutable buffer. So a memo lives only while
/// the state it reads is held, for one hash, and a miss is always hashed.
struct KeyHashMemo: ~Copyable {
    private struct Entry {
        var low: UInt64
        var high: UInt64
        var hash: UInt64
        var filled: Bool
    }

    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: Self.slots)
        entries.initialize(repeating: Entry(low: 0, high: 0, hash: 0, filled: false), count: Self.slots)
    }

    deinit {
        entries.deallocate()
    }

    /// A power of two: 2^`slotBits`.
    private static let slotBits = 6
    private static var slots: Int { 1 << slotBits }

    /// The hash of the `String` at `key`, as `StateTreeHash.string` finds it.
    mutating func hash(ofKeyAt key: UnsafeRawPointer) -> UInt64 {
        let low = key.load(as: UInt64.self)
        let high = key.load(fromByteOffset: 8, as: UInt64.self)
        // The top bits of one product: short keys differ in their first bytes.
        let entry = entries + Int(truncatingIfNeeded: ((low ^ high) &* StateTreeHash.k1) >> UInt64(64 - Self.slotBits))
        if entry.pointee.filled, entry.pointee.low == low, entry.pointee.high == high {
            return entry.pointee.hash
        }
        let hash = StateTreeHash.string(key.load(as: String.self))
        entry.pointee = Entry(low: low, high: high, hash: hash, filled: true)
        return hash
    }
}
