import Foundation

/// Strings of at most 15 UTF-8 bytes the parser has made, by their bytes.
///
/// A state repeats its keys, and many of its values (`"user-7"`, `"home"`,
/// small numbers), thousands of times. Such strings are stored inline, so
/// handing out a copy costs nothing, while making one anew validates its
/// UTF-8 again. A direct-mapped table: a collision only replaces an entry.
struct ShortStringCache {
    private struct Entry {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = -1
        var string = ""
    }

    /// Inline strings end at 15 bytes; longer ones own storage, and are not kept.
    static let maximumCount = 15
    private var entries = [Entry](repeating: Entry(), count: 512)

    /// The string of `bytes`, already validated UTF-8 of at most `maximumCount` bytes.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        var words: (low: UInt64, high: UInt64) = (0, 0)
        if let base = bytes.baseAddress {
            withUnsafeMutableBytes(of: &words) { $0.baseAddress?.copyMemory(from: base, byteCount: count) }
        }
        let mixed = (words.low &* 0x9E37_79B9_7F4A_7C15) ^ (words.high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
        let slot = Int(truncatingIfNeeded: (mixed ^ (mixed >> 31)) & 511)
        if entries[slot].count == count, entries[slot].low == words.low, entries[slot].high == words.high {
            return entries[slot].string
        }
        let string = String(decoding: bytes, as: UTF8.self)
        entries[slot] = Entry(low: words.low, high: words.high, count: count, string: string)
        return string
    }
}
