/// Tests on eight bytes at once, for scans that step over runs of plain
/// string bytes. Each says whether some byte of the word qualifies, and
/// its lowest high bit marks the first that does (`firstByte`): past that
/// byte, the high bits it returns are not exact.
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero when some byte of `word` is `byte`.
    @inline(__always)
    static func holds(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let differences = word ^ (ones &* UInt64(byte))
        return (differences &- ones) & ~differences & highBits
    }

    /// Nonzero when some byte of `word` is a quote or a backslash.
    @inline(__always)
    static func holdsQuoteOrBackslash(_ word: UInt64) -> UInt64 {
        holds(UInt8(ascii: "\""), in: word) | holds(UInt8(ascii: "\\"), in: word)
    }

    /// Nonzero when some byte of `word` is below 0x20 or 0x80 and above.
    @inline(__always)
    static func holdsControlOrNonASCII(_ word: UInt64) -> UInt64 {
        (((word &- ones &* 0x20) & ~word) | word) & highBits
    }

    /// Nonzero when some byte of `word` opens or closes a string, an array
    /// or an object: `"`, `[`, `]`, `{` or `}`. Bit 5 set folds `[` onto
    /// `{` and `]` onto `}`, and no other byte onto either.
    @inline(__always)
    static func holdsStructural(_ word: UInt64) -> UInt64 {
        let folded = word | (ones &* 0x20)
        return holds(UInt8(ascii: "{"), in: folded) | holds(UInt8(ascii: "}"), in: folded) | holds(UInt8(ascii: "\""), in: word)
    }

    /// The eight bytes at `pointer`, the first in memory lowest, on any machine.
    @inline(__always)
    static func load(_ pointer: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
    }

    /// Which byte of a word read by `load` is the first one a nonzero
    /// test result marks: 0 for the first byte in memory.
    @inline(__always)
    static func firstByte(_ found: UInt64) -> Int {
        found.trailingZeroBitCount >> 3
    }
}
