extension Dictionary where Key == String, Value == JSONValue {
    /// Whether both objects hold the same members: keys with the same
    /// scalars, and equal values. The answer is always the plain one (each
    /// key looked up exactly in `other`, each value compared by `==`).
    ///
    /// The members are read in place (`DictionaryBuckets`), with no copy and
    /// no reference counting, and matched by their bits first:
    /// - A key matches one of `other`'s with the same 16 bytes, first in
    ///   the same bucket (a copy of the same storage keeps its buckets), then,
    ///   in a small object, in any bucket. Equal bits are the same scalars:
    ///   an inline string is its bytes, a larger one shares an immutable
    ///   buffer. A key matching no bits is looked up by hashing, exactly.
    /// - Values with the same bits are equal (see `sameBitsRun`); others
    ///   are compared by `==`.
    ///
    /// Every key of `self` found in `other`, with both the same size, is a
    /// one-to-one match: an object cannot hold two keys with the same scalars.
    func hasSameMembers(as other: Self) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        guard MemoryLayout<String>.size == 16, let mine = DictionaryBuckets.of(self), let theirs = DictionaryBuckets.of(other) else {
            return hasSameMembersByLookup(as: other)
        }
        let scansEveryBucket = other.count <= Self.keyScanLimit
        for word in 0..<mine.wordCount {
            var occupied = mine.occupancy(word: word)
            while occupied != 0 {
                let bucket = word << 6 | occupied.trailingZeroBitCount
                occupied &= occupied - 1
                let value = mine.value(at: bucket)
                guard let match = theirs.bucket(withKeyBits: mine.key(at: bucket), hint: bucket, scanning: scansEveryBucket) else {
                    guard let theirValue = other.value(exactlyAt: mine.key(at: bucket, as: String.self)),
                          theirValue == value.load(as: JSONValue.self) else { return false }
                    continue
                }
                let theirValue = theirs.value(at: match)
                if InPlaceBytes.equal(value, theirValue, in: 0..<MemoryLayout<JSONValue>.size) { continue }
                guard value.load(as: JSONValue.self) == theirValue.load(as: JSONValue.self) else { return false }
            }
        }
        return true
    }

    /// Objects with at most this many members have every bucket searched
    /// for a key's bits before hashing it.
    static var keyScanLimit: Int { 16 }

    /// The plain path: each member looked up exactly.
    func hasSameMembersByLookup(as other: Self) -> Bool {
        guard count == other.count else { return false }
        for (key, value) in self {
            guard let theirs = other.value(exactlyAt: key), theirs == value else { return false }
        }
        return true
    }
}

extension DictionaryBuckets {
    /// The occupied bucket whose key has the 16 bytes at `key`: `hint` if it
    /// does, otherwise, when `scanning`, any other; nil when none is found.
    func bucket(withKeyBits key: UnsafeRawPointer, hint: Int, scanning: Bool) -> Int? {
        let low = key.load(as: UInt64.self)
        let high = key.load(fromByteOffset: 8, as: UInt64.self)
        func holds(_ bucket: Int) -> Bool {
            let candidate = self.key(at: bucket)
            return candidate.load(as: UInt64.self) == low && candidate.load(fromByteOffset: 8, as: UInt64.self) == high
        }
        if hint < bucketCount, isOccupied(hint), holds(hint) { return hint }
        guard scanning else { return nil }
        for word in 0..<wordCount {
            var occupied = occupancy(word: word)
            while occupied != 0 {
                let bucket = word << 6 | occupied.trailingZeroBitCount
                occupied &= occupied - 1
                if holds(bucket) { return bucket }
            }
        }
        return nil
    }
}
