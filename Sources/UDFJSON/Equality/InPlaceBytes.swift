/// Byte comparison of short runs in place, a word at a time: for runs of a
/// few dozen bytes, a `memcmp` call costs more than the comparison itself.
enum InPlaceBytes {
    /// Whether the bytes in `range` past `a` and past `b` are equal.
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, in range: Range<Int>) -> Bool {
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < range.upperBound {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset += 1
        }
        return true
    }
}
