/// The buckets of a native dictionary's storage, read in place: which are
/// occupied, and the bytes of the key and value in each.
///
/// `IncrementalJSONEncoder` compares a dictionary with the one it encoded
/// last pass bucket by bucket: a bucket holding the same key bits and the
/// same value field bytes in both holds the same member. Reading buckets
/// costs a few loads each, where going through the dictionary's generic
/// API copies every key and value. That is the standard library's private
/// layout, so it is read only while `layoutHolds` confirms it on probe
/// dictionaries; otherwise there are no buckets and the encoder walks the
/// members the plain way.
///
/// Valid only while the dictionary it was read from is alive and unchanged.
struct DictionaryBuckets {
    let count: Int
    /// A power of two.
    let bucketCount: Int
    private let keys: UnsafeRawPointer
    private let values: UnsafeRawPointer
    private let words: UnsafeRawPointer
    private let keyStride: Int
    private let valueStride: Int

    /// The buckets of `dictionary`; nil when the layout check fails or the
    /// dictionary is not natively stored.
    static func of<Key, Value>(_ dictionary: [Key: Value]) -> DictionaryBuckets? {
        guard layoutHolds else { return nil }
        return read(dictionary)
    }

    private static func read<Key, Value>(_ dictionary: [Key: Value]) -> DictionaryBuckets? {
        guard MemoryLayout<[Key: Value]>.size == MemoryLayout<UnsafeRawPointer>.size else { return nil }
        let storage = withUnsafeBytes(of: dictionary) { $0.load(as: UnsafeRawPointer.self) }
        guard let buckets = read(storage: storage, key: Key.self, value: Value.self), buckets.count == dictionary.count else { return nil }
        return buckets
    }

    /// The buckets of the `[Key: Value]` whose storage object is at
    /// `storage` (its one reference's bits), while `layoutHolds`; nil for an
    /// empty one.
    static func of<Key, Value>(storage: UnsafeRawPointer, key: Key.Type, value: Value.Type) -> DictionaryBuckets? {
        guard layoutHolds else { return nil }
        return read(storage: storage, key: key, value: value)
    }

    private static func read<Key, Value>(storage: UnsafeRawPointer, key: Key.Type, value: Value.Type) -> DictionaryBuckets? {
        let count = storage.load(fromByteOffset: Offset.count, as: Int.self)
        let scale = Int(storage.load(fromByteOffset: Offset.scale, as: Int8.self))
        // An empty dictionary may be the shared empty singleton, whose one
        // occupancy word is all ones and whose buckets hold nothing.
        guard count > 0, scale >= 0, scale < 48 else { return nil }
        return DictionaryBuckets(
            count: count,
            bucketCount: 1 << scale,
            keys: storage.load(fromByteOffset: Offset.keys, as: UnsafeRawPointer.self),
            values: storage.load(fromByteOffset: Offset.values, as: UnsafeRawPointer.self),
            words: storage + Offset.words,
            keyStride: MemoryLayout<Key>.stride,
            valueStride: MemoryLayout<Value>.stride
        )
    }

    func isOccupied(_ bucket: Int) -> Bool {
        occupancy(word: bucket >> 6) & (1 << UInt64(bucket & 63)) != 0
    }

    /// The occupancy of buckets `64 × index ..< 64 × (index + 1)`, one bit
    /// each; bits past the last bucket are cleared.
    func occupancy(word index: Int) -> UInt64 {
        let word = words.load(fromByteOffset: index * 8, as: UInt64.self)
        return bucketCount >= 64 ? word : word & ((1 << UInt64(bucketCount)) - 1)
    }

    var wordCount: Int { max(1, bucketCount >> 6) }

    func key(at bucket: Int) -> UnsafeRawPointer { keys + bucket * keyStride }

    func value(at bucket: Int) -> UnsafeRawPointer { values + bucket * valueStride }

    /// The key in an occupied bucket, a copy that owns its storage.
    func key<Key>(at bucket: Int, as type: Key.Type) -> Key {
        key(at: bucket).load(as: Key.self)
    }

    /// Calls `body` for each bucket occupied here or in `old` (which has as
    /// many buckets), in order, but those that hold the same key bits in
    /// both and whose values `sameValue` finds the same: such a bucket
    /// holds the same member in both while both dictionaries are alive.
    /// `body` learns where the bucket is occupied, and whether its key bits
    /// are the same in both. Returns how many buckets were skipped.
    @discardableResult
    func forEachBucket(
        differingFrom old: DictionaryBuckets, keySize: Int, sameValue: (Int) -> Bool,
        _ body: (_ bucket: Int, _ isNew: Bool, _ isOld: Bool, _ sameKey: Bool) throws -> Void
    ) rethrows -> Int {
        var skipped = 0
        for word in 0..<wordCount {
            let inNew = occupancy(word: word)
            let inOld = old.occupancy(word: word)
            var either = inNew | inOld
            while either != 0 {
                let bit = UInt64(either.trailingZeroBitCount)
                either &= either - 1
                let bucket = word << 6 | Int(bit)
                let isNew = inNew >> bit & 1 == 1
                let isOld = inOld >> bit & 1 == 1
                let sameKey = isNew && isOld && InPlaceBytes.equal(key(at: bucket), old.key(at: bucket), in: 0..<keySize)
                if sameKey, sameValue(bucket) {
                    skipped += 1
                    continue
                }
                try body(bucket, isNew, isOld, sameKey)
            }
        }
        return skipped
    }

    /// Byte offsets in the storage object: a class header of two words, then
    /// count, capacity, scale (one byte), reserved scale, extra, age, seed,
    /// the keys' and the values' addresses, then the occupancy words.
    private enum Offset {
        static let count = 16
        static let scale = 32
        static let keys = 48
        static let values = 56
        static let words = 64
    }

    /// Whether probe dictionaries read back as their own API reports them:
    /// the count, every occupied bucket in iteration order with its key and
    /// value, and nothing else occupied.
    static let layoutHolds: Bool = {
        guard MemoryLayout<Int>.size == 8 else { return false }
        var small: [String: Int] = [:]
        for index in 0..<40 { small["key \(index)"] = index * 3 }
        // No padding in the value: a copy need not carry its padding bytes.
        var wide: [String: (Int, String, Double)] = [:]
        for index in 0..<200 { wide["caf\u{E9} \(index)"] = (index % 100, "value \(index)", Double(index) / 2) }
        wide.removeValue(forKey: "caf\u{E9} 7")
        return readsBack(small) && readsBack(wide)
    }()

    private static func readsBack<Value>(_ dictionary: [String: Value]) -> Bool {
        guard let buckets = read(dictionary), buckets.bucketCount >= dictionary.count,
              buckets.bucketCount >= dictionary.capacity else { return false }
        var entries = dictionary.makeIterator()
        var occupied = 0
        for bucket in 0..<buckets.bucketCount where buckets.isOccupied(bucket) {
            occupied += 1
            guard let (key, value) = entries.next() else { return false }
            let sameKey = withUnsafeBytes(of: key) { expected in
                expected.elementsEqual(UnsafeRawBufferPointer(start: buckets.key(at: bucket), count: MemoryLayout<String>.size))
            }
            let sameValue = withUnsafeBytes(of: value) { expected in
                expected.elementsEqual(UnsafeRawBufferPointer(start: buckets.value(at: bucket), count: MemoryLayout<Value>.size))
            }
            guard sameKey, sameValue else { return false }
        }
        return entries.next() == nil && occupied == dictionary.count
    }
}
