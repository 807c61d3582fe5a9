import UDFJSON

/// The recording's equality (`==`: keys and strings by scalars, numbers by
/// text), faster on the small objects that fill a state's arrays.
///
/// `==` finds each key of one object in the other by hashing it, and for
/// a few short keys the hasher's setup costs more than the comparison. Keys
/// are matched here by their bits first: two strings with the same bits hold
/// the same scalars (inline strings are their bytes; others share one
/// immutable buffer). A key whose bits match none falls back to the hashed,
/// exact lookup, so the answer is `==`'s in every case.
enum SmallObjectEquality {
    /// Objects with more members than this take the hashed path.
    static let scanLimit = 16

    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        guard case .object(let mine) = a, case .object(let theirs) = b,
              mine.count == theirs.count, mine.count <= scanLimit, keyBitsHold
        else { return a == b }
        if a.isIdentical(to: b) { return true }
        for (key, value) in mine {
            let bits = Self.bits(of: key)
            let other: JSONValue?
            if let index = theirs.keys.firstIndex(where: { Self.bits(of: $0) == bits }) {
                other = theirs.values[index]
            } else {
                other = theirs.value(exactlyAt: key)
            }
            guard let other, equal(value, other) else { return false }
        }
        return true
    }

    /// The member `id` of an object, found among a small object's keys by
    /// bits before hashing; nil when there is none.
    static func id(of element: JSONValue) -> JSONValue? {
        guard case .object(let members) = element else { return nil }
        if members.count <= scanLimit, keyBitsHold,
           let index = members.keys.firstIndex(where: { Self.bits(of: $0) == idBits }) {
            return members.values[index]
        }
        return members["id"]
    }

    private struct Bits: Equatable {
        let low: UInt64
        let high: UInt64
    }

    private static func bits(of string: String) -> Bits {
        withUnsafeBytes(of: string) { Bits(low: $0.load(as: UInt64.self), high: $0.load(fromByteOffset: 8, as: UInt64.self)) }
    }

    private static let idBits = bits(of: "id")

    /// Whether a `String` is the 16 bytes read above; if not, every call takes `==`'s path.
    private static let keyBitsHold = MemoryLayout<String>.size == 16
}
