import Testing
@testable import UDFInspect

@Suite struct KeyDecoderTests {
    @Test func decodesLettersControlsAndEscapeSequences() {
        var decoder = KeyDecoder()
        let bytes: [UInt8] = Array("n:4".utf8) + [0x0D, 0x7F, 0x03]
            + Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~".utf8)
        #expect(decoder.decode(bytes) == [
            .character("n"), .character(":"), .character("4"), .enter, .backspace, .interrupt,
            .up, .down, .right, .left, .up, .pageUp, .pageDown, .home, .end,
        ])
    }

    @Test func aLoneEscapeIsTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [.escape])
        #expect(decoder.decode([0x1B, UInt8(ascii: "n")]) == [.escape, .character("n")])
    }

    @Test func aCharacterSplitAcrossReadsWaits() {
        var decoder = KeyDecoder()
        let bytes = Array("é".utf8)
        #expect(decoder.decode([bytes[0]]) == [])
        #expect(decoder.decode([bytes[1]]) == [.character("é")])
    }
}
