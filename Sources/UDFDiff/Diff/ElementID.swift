import UDFJSON

/// The `id` member of an array's element, which the diff matches elements by.
///
/// Found among a small object's keys by bits before hashing: for a few short
/// keys the hasher's setup costs more than the comparison. Two strings with
/// the same bits hold the same scalars (inline strings are their bytes;
/// others share one immutable buffer), and a key whose bits match none falls
/// back to the hashed, exact lookup.
enum ElementID {
    /// Objects with more members than this take the hashed path.
    static let scanLimit = 16

    /// The member `id` of an object; nil when there is none.
    static func of(_ element: JSONValue) -> JSONValue? {
        guard case .object(let members) = element else { return nil }
        if members.count <= scanLimit, keyBitsHold,
           let index = members.keys.firstIndex(where: { Self.bits(of: $0) == idBits }) {
            return members.values[index]
        }
        return members.value(exactlyAt: "id")
    }

    private struct Bits: Equatable {
        let low: UInt64
        let high: UInt64
    }

    private static func bits(of string: String) -> Bits {
        withUnsafeBytes(of: string) { Bits(low: $0.load(as: UInt64.self), high: $0.load(fromByteOffset: 8, as: UInt64.self)) }
    }

    private static let idBits = bits(of: "id")

    /// Whether a `String` is the 16 bytes read above; if not, every call hashes.
    private static let keyBitsHold = MemoryLayout<String>.size == 16
}
