import Testing
@testable import UDFJSON

/// The eight-byte tests the scans skip by, against a byte-by-byte look:
/// every byte value at every place of the word.
@Suite struct ByteWordTests {

    private func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    @Test func everyByteAtEveryPlaceIsSeenAsTheByteLoopSeesIt() {
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                for filler in [UInt8(ascii: "a"), 0x22, 0x01, 0xFB, 0x5F] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = byte
                    let quoteOrBackslash = bytes.contains { $0 == 0x22 || $0 == 0x5C }
                    let controlOrNonASCII = bytes.contains { $0 < 0x20 || $0 >= 0x80 }
                    let structural = bytes.contains { Array(#""[]{}"#.utf8).contains($0) }
                    #expect((ByteWord.holdsQuoteOrBackslash(word(bytes)) != 0) == quoteOrBackslash, "\(bytes)")
                    #expect((ByteWord.holdsControlOrNonASCII(word(bytes)) != 0) == controlOrNonASCII, "\(bytes)")
                    #expect((ByteWord.holdsStructural(word(bytes)) != 0) == structural, "\(bytes)")
                }
            }
        }
    }
}
