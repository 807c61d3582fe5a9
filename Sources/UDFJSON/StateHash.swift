/// The hash stored with every recorded state, so a rebuilt state can be verified.
///
/// The algorithm is 64-bit FNV-1a over the canonical UTF-8 bytes of the state
/// (`JSONValue.canonicalBytes`), printed as 16 lowercase hex digits:
///
/// 1. Start with `hash = 0xcbf29ce484222325` (the FNV offset basis).
/// 2. For each byte `b` of the canonical text, in order:
///    `hash = hash XOR b`, then `hash = hash × 0x100000001b3 mod 2^64`.
/// 3. Print `hash` in hexadecimal, lowercase, zero-padded to 16 digits.
///
/// For example, the empty input hashes to `cbf29ce484222325` and the single
/// byte `a` to `af63dc4c8601ec8c`. FNV-1a detects corruption and divergence;
/// it is not a cryptographic hash and does not resist deliberate collisions.
public enum StateHash {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The FNV-1a 64 hash of `canonicalBytes` as 16 lowercase hex digits.
    public static func of(_ canonicalBytes: [UInt8]) -> String {
        hex(value(of: canonicalBytes))
    }

    /// The FNV-1a 64 hash of `bytes` as a number.
    public static func value(of bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash = offsetBasis
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= prime
            }
            return hash
        }
    }

    /// Appends `hash` as 16 lowercase hex digits, as `of` spells it.
    public static func appendHex(_ hash: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(shift)) & 0xF
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }

    /// Whether `text` spells `hash` as `of` does: 16 lowercase hex digits.
    /// It reads the digits in place, so a check of many stored hashes makes
    /// no string for the ones that match.
    public static func spells(_ hash: UInt64, _ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        for shift in stride(from: 60, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(shift)) & 0xF
            guard utf8.next() == (nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10) else { return false }
        }
        return utf8.next() == nil
    }

    /// `hash` as 16 lowercase hex digits.
    public static func hex(_ hash: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8](repeating: UInt8(ascii: "0"), count: 16)
        var remaining = hash
        for position in stride(from: 15, through: 0, by: -1) {
            text[position] = digits[Int(remaining & 0xF)]
            remaining >>= 4
        }
        return String(decoding: text, as: UTF8.self)
    }
}
