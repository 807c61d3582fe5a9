/// The tree hash of a state (format v4): a 64-bit hash built from its
/// parts, so a state that differs from the previous one in one subtree is
/// hashed again along that subtree's path only (`IncrementalTreeHash`).
///
/// Specified exactly in docs/format.md ("The tree hash"); all arithmetic is
/// on unsigned 64-bit integers, modulo 2^64, and printed like `StateHash`
/// as 16 lowercase hex digits. Equal canonical bytes give equal tree
/// hashes: a string hashes its UTF-8 bytes (the same scalars give the same
/// bytes), a number its literal text, which is what canonical text writes.
///
/// Like FNV-1a, it detects corruption and divergence; it is not a
/// cryptographic hash and does not resist deliberate collisions.
public enum StateTreeHash {
    static let k1: UInt64 = 0x9e37_79b9_7f4a_7c15
    static let k2: UInt64 = 0xbf58_476d_1ce4_e5b9
    static let k3: UInt64 = 0x94d0_49bb_1331_11eb

    /// Type tags: no two types' hashes start from the same value.
    enum Tag: UInt64 {
        case null = 1, `false`, `true`, number, string, array, object
    }

    /// The tree hash of `value` as 16 lowercase hex digits.
    public static func of(_ value: JSONValue) -> String {
        StateHash.hex(Self.value(of: value))
    }

    /// The tree hash of `value` as a number, every part hashed (no memo of
    /// earlier states, as `IncrementalTreeHash` keeps).
    ///
    /// The first array of `splitElements` elements or more met on the way
    /// down is hashed in two halves on two threads: its hash sums its
    /// elements' terms, so the halves' sums add up to the whole's.
    /// Containers are read in place while the layout check holds
    /// (`hashInPlace`); otherwise, and for tests, as `plainValue` does.
    public static func value(of value: JSONValue) -> UInt64 {
        guard let layout = PayloadLayout.current else { return plainValue(of: value) }
        var keys = KeyHashMemo()
        return withUnsafePointer(to: value) { hashInPlace($0, layout: layout, keys: &keys, splitting: true) }
    }

    /// The tree hash with every container and member copied out as the
    /// standard library hands them over: what `value(of:)` always equals.
    static func plainValue(of value: JSONValue) -> UInt64 {
        hash(value, splitting: true)
    }

    /// Arrays at least this long are worth a second thread.
    static let splitElements = 4_096

    private static func hash(_ value: JSONValue, splitting: Bool) -> UInt64 {
        switch value {
        case .null, .bool, .number, .string:
            return scalar(value)
        case .array(let elements):
            let total = splitting && elements.count >= splitElements
                ? sumInHalves(count: elements.count) { range in sum(elements, in: range, splitting: false) }
                : sum(elements, in: elements.indices, splitting: splitting)
            return container(.array, count: elements.count, sum: total)
        case .object(let members):
            var sum: UInt64 = 0
            for (key, member) in members {
                sum &+= memberTerm(key: string(key), value: hash(member, splitting: splitting))
            }
            return container(.object, count: members.count, sum: sum)
        }
    }

    private static func sum(_ elements: [JSONValue], in range: Range<Int>, splitting: Bool) -> UInt64 {
        var sum: UInt64 = 0
        for index in range {
            sum &+= elementTerm(hash(elements[index], splitting: splitting), at: index)
        }
        return sum
    }

    /// `sum` of each half of `0..<count`, on two threads, added. Halves,
    /// not more parts: eight read 2% slower here, each part's key memo
    /// learning the same keys again.
    static func sumInHalves(count: Int, _ sum: @Sendable (Range<Int>) -> UInt64) -> UInt64 {
        ParallelParts.map(count, parts: 2, sum).reduce(0, &+)
    }

    /// The splitmix64 finalizer: every input bit flips about half the output bits.
    @inline(__always)
    static func mix(_ input: UInt64) -> UInt64 {
        var x = input
        x ^= x >> 30
        x &*= k2
        x ^= x >> 27
        x &*= k3
        x ^= x >> 31
        return x
    }

    /// A leaf's hash: its bytes read as little-endian 8-byte words, the last
    /// one padded with zero bytes; the length tells the padding apart.
    static func leaf(_ tag: Tag, _ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = (tag.rawValue &* k1) ^ UInt64(bytes.count)
        let whole = bytes.count / 8
        for word in 0..<whole {
            let w = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))
            hash = (hash ^ w) &* k2
            hash ^= hash >> 32
        }
        let rest = bytes.count - whole * 8
        if rest > 0, let base = bytes.baseAddress {
            // The last 1–7 bytes in three loads, not a load each: most keys and strings are short.
            var w: UInt64 = 0
            var offset = whole * 8
            var shift: UInt64 = 0
            if rest & 4 != 0 {
                w = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                offset += 4
                shift = 32
            }
            if rest & 2 != 0 {
                w |= UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))) << shift
                offset += 2
                shift += 16
            }
            if rest & 1 != 0 {
                w |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << shift
            }
            hash = (hash ^ w) &* k2
            hash ^= hash >> 32
        }
        return mix(hash)
    }

    static func leaf(_ tag: Tag) -> UInt64 {
        leaf(tag, UnsafeRawBufferPointer(start: nil, count: 0))
    }

    static let nullHash = leaf(.null)
    static let falseHash = leaf(.false)
    static let trueHash = leaf(.true)

    /// A string's hash, also used for object keys.
    static func string(_ string: String) -> UInt64 {
        let hashed = string.utf8.withContiguousStorageIfAvailable { leaf(.string, UnsafeRawBufferPointer($0)) }
        if let hashed { return hashed }
        return Array(string.utf8).withUnsafeBytes { leaf(.string, $0) }
    }

    static func number(_ number: JSONNumber) -> UInt64 {
        let hashed = number.text.utf8.withContiguousStorageIfAvailable { leaf(.number, UnsafeRawBufferPointer($0)) }
        if let hashed { return hashed }
        return Array(number.text.utf8).withUnsafeBytes { leaf(.number, $0) }
    }

    static func scalar(_ value: JSONValue) -> UInt64 {
        switch value {
        case .null: nullHash
        case .bool(let bool): bool ? trueHash : falseHash
        case .number(let number): self.number(number)
        case .string(let string): self.string(string)
        case .array, .object: hash(value, splitting: false)
        }
    }

    /// An array element's share of the sum: its hash mixed with its position.
    @inline(__always)
    static func elementTerm(_ hash: UInt64, at index: Int) -> UInt64 {
        mix(hash ^ mix(UInt64(index + 1) &* k3))
    }

    /// An object member's share of the sum: key and value mixed unequally,
    /// so swapping them changes the term.
    @inline(__always)
    static func memberTerm(key: UInt64, value: UInt64) -> UInt64 {
        mix(mix(key ^ k2) &+ value)
    }

    /// An array's or object's hash from its count and the wrapping sum of its terms.
    @inline(__always)
    static func container(_ tag: Tag, count: Int, sum: UInt64) -> UInt64 {
        mix(sum &+ mix((tag.rawValue &* k1) ^ UInt64(count)))
    }
}

extension JSONValue {
    /// `StateTreeHash.of(self)`: the tree hash (format v4) of this value.
    public var stateTreeHash: String {
        StateTreeHash.of(self)
    }
}
