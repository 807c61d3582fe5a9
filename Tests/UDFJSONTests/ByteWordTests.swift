import Testing
@testable import UDFJSON

/// The eight-byte tests the string scans skip by, against a byte-by-byte look.
@Suite struct ByteWordTests {
    static let bytes: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x61, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]

    private func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    @Test func everyByteAtEveryPlaceIsSeenAsTheByteLoopSeesIt() {
        for position in 0..<8 {
            for byte in Self.bytes {
                for filler in [UInt8(ascii: "a"), 0x22, 0x01] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = byte
                    let quoteOrBackslash = bytes.contains { $0 == 0x22 || $0 == 0x5C }
                    let controlOrNonASCII = bytes.contains { $0 < 0x20 || $0 >= 0x80 }
                    #expect((ByteWord.holdsQuoteOrBackslash(word(bytes)) != 0) == quoteOrBackslash, "\(bytes)")
                    #expect((ByteWord.holdsControlOrNonASCII(word(bytes)) != 0) == controlOrNonASCII, "\(bytes)")
                }
            }
        }
    }
}
