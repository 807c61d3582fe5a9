extension Dictionary where Key == String, Value == JSONValue {
    /// Whether both objects hold the same members: keys with the same
    /// scalars, and equal values. The answer is always the plain one (each
    /// key looked up exactly in `other`, each value compared by `==`).
    ///
    /// The members are read in place (`DictionaryBuckets`), with no copy and
    /// no reference counting, and matched by their bits first:
    /// - A key matches one of `other`'s with the same 16 bytes: in a small
    ///   object in any bucket, in a larger one in the same bucket (a copy of
    ///   the same storage keeps its buckets). Equal bits are the same scalars:
    ///   an inline string is its bytes, a larger one shares an immutable
    ///   buffer. A key matching no bits is looked up by hashing, exactly.
    /// - Values with the same bits are equal (see `sameBitsRun`); others
    ///   are compared by `==`, read in place.
    ///
    /// Every key of `self` found in `other`, with both the same size, is a
    /// one-to-one match: an object cannot hold two keys with the same scalars.
    func hasSameMembers(as other: Self) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        guard MemoryLayout<String>.size == 16, let mine = DictionaryBuckets.of(self), let theirs = DictionaryBuckets.of(other) else {
            return hasSameMembersByLookup(as: other)
        }
        return Self.sameMembers(mine, theirs, isMember: other.holds)
    }

    /// Whether this object holds the member whose key and value are at `key`
    /// and `value` (in another object's buckets): an exact lookup, then `==`.
    func holds(key: UnsafeRawPointer, value: UnsafeRawPointer) -> Bool {
        guard let mine = self.value(exactlyAt: key.load(as: String.self)) else { return false }
        return value.assumingMemoryBound(to: JSONValue.self).pointee == mine
    }

    /// `hasSameMembers` on two objects' buckets of one count, read in place;
    /// `isMember` decides, by an exact lookup in the other object, each
    /// member whose key bits no bucket there holds.
    static func sameMembers(
        _ mine: DictionaryBuckets, _ theirs: DictionaryBuckets,
        isMember: (_ key: UnsafeRawPointer, _ value: UnsafeRawPointer) -> Bool
    ) -> Bool {
        guard theirs.count <= Self.keyScanLimit else {
            return mine.allMembers { key, value, bucket in
                matches(key: key, value: value, at: theirs.bucket(withKeyBits: key, hint: bucket), in: theirs, isMember)
            }
        }
        // A small object: its keys' bits gathered once, so that each of
        // ours is looked for in one short run instead of every bucket.
        return withUnsafeTemporaryAllocation(of: KeyBits.self, capacity: Self.keyScanLimit) { gathered in
            let theirKeys = theirs.gatherKeyBits(into: gathered)
            return mine.allMembers { key, value, bucket in
                let low = key.load(as: UInt64.self)
                let high = key.load(fromByteOffset: 8, as: UInt64.self)
                var match: Int?
                for candidate in theirKeys where candidate.low == low && candidate.high == high {
                    match = candidate.bucket
                    break
                }
                return matches(key: key, value: value, at: match, in: theirs, isMember)
            }
        }
    }

    /// Whether the member with `key` and `value` is in the other object: at
    /// `match` (the bucket with the key's bits) by bits or by equality read
    /// in place, or, with no such bucket, as `isMember` says.
    @inline(__always)
    private static func matches(
        key: UnsafeRawPointer, value: UnsafeRawPointer, at match: Int?, in theirs: DictionaryBuckets,
        _ isMember: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    ) -> Bool {
        guard let match else { return isMember(key, value) }
        let theirValue = theirs.value(at: match)
        if InPlaceBytes.equal(value, theirValue, in: 0..<MemoryLayout<JSONValue>.size) { return true }
        return JSONValue.equalInPlace(value.assumingMemoryBound(to: JSONValue.self), theirValue.assumingMemoryBound(to: JSONValue.self))
    }

    /// Objects with at most this many members have every key searched for
    /// a key's bits before hashing it.
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

/// A key's 16 bytes and the bucket that holds it.
struct KeyBits {
    var low: UInt64
    var high: UInt64
    var bucket: Int
}

extension DictionaryBuckets {
    /// Whether `body` holds for every occupied bucket's key and value.
    @inline(__always)
    func allMembers(_ body: (_ key: UnsafeRawPointer, _ value: UnsafeRawPointer, _ bucket: Int) -> Bool) -> Bool {
        for word in 0..<wordCount {
            var occupied = occupancy(word: word)
            while occupied != 0 {
                let bucket = word << 6 | occupied.trailingZeroBitCount
                occupied &= occupied - 1
                guard body(key(at: bucket), value(at: bucket), bucket) else { return false }
            }
        }
        return true
    }

    /// Every occupied bucket's key bits, written to the front of `buffer`
    /// (at least `count` long); the run written.
    func gatherKeyBits(into buffer: UnsafeMutableBufferPointer<KeyBits>) -> UnsafeMutableBufferPointer<KeyBits> {
        var written = 0
        _ = allMembers { key, _, bucket in
            buffer[written] = KeyBits(low: key.load(as: UInt64.self), high: key.load(fromByteOffset: 8, as: UInt64.self), bucket: bucket)
            written += 1
            return true
        }
        return UnsafeMutableBufferPointer(rebasing: buffer[..<written])
    }

    /// `hint` when it is occupied by a key with the 16 bytes at `key`
    /// (a copy of the same storage keeps its buckets); nil otherwise.
    func bucket(withKeyBits key: UnsafeRawPointer, hint: Int) -> Int? {
        guard hint < bucketCount, isOccupied(hint) else { return nil }
        let candidate = self.key(at: hint)
        let same = candidate.load(as: UInt64.self) == key.load(as: UInt64.self)
            && candidate.load(fromByteOffset: 8, as: UInt64.self) == key.load(fromByteOffset: 8, as: UInt64.self)
        return same ? hint : nil
    }
}
