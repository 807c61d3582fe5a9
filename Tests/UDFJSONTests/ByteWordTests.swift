import Testing
@testable import UDFJSON

/// The eight-byte tests the scans skip by, against a byte-by-byte look:
/// every byte value at every place of the word.
@Suite struct ByteWordTests {

    private func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { ByteWord.load($0.baseAddress!) }
    }

    /// Whether `found` is zero exactly when no byte qualifies, and otherwise
    /// marks the first that does.
    private func marksFirst(_ found: UInt64, in bytes: [UInt8], _ qualifies: (UInt8) -> Bool) -> Bool {
        guard let first = bytes.firstIndex(where: qualifies) else { return found == 0 }
        return found != 0 && ByteWord.firstByte(found) == first
    }

    @Test func everyByteAtEveryPlaceIsSeenAsTheByteLoopSeesIt() {
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                for filler in [UInt8(ascii: "a"), 0x22, 0x01, 0xFB, 0x5F] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = byte
                    #expect(marksFirst(ByteWord.holdsQuoteOrBackslash(word(bytes)), in: bytes) { $0 == 0x22 || $0 == 0x5C }, "\(bytes)")
                    #expect(marksFirst(ByteWord.holdsControlOrNonASCII(word(bytes)), in: bytes) { $0 < 0x20 || $0 >= 0x80 }, "\(bytes)")
                    #expect(marksFirst(ByteWord.holdsStructural(word(bytes)), in: bytes) { Array(#""[]{}"#.utf8).contains($0) }, "\(bytes)")
                }
            }
        }
    }
}
