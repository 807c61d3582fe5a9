import TestSupport
import Testing
@testable import UDFInspect

/// `HiddenScalars.escaped`, its printable-ASCII shortcut included, against a
/// plain escape written here scalar by scalar from the list itself.
@Suite struct HiddenScalarsTests {
    /// The characters that must not reach a reader, as ranges of scalars.
    private static let hidden: [ClosedRange<UInt32>] = [
        0x00...0x1F, 0x7F...0x9F, 0x2028...0x2029, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF...0xFEFF,
    ]

    private static func plain(_ text: String, keeping kept: Unicode.Scalar?) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar != kept, hidden.contains(where: { $0.contains(scalar.value) }) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Pieces around every edge of the list and of the shortcut: the last
    /// control and the first printable byte, `~` and DEL, C1 controls, line
    /// and paragraph separators, bidirectional controls and their
    /// neighbours, the byte order mark, normalization twins and emoji.
    private static let pieces = [
        "a", "Z", " ", "~", "\\", "\"", "u001b", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}",
        "\n", "\t", "\r", "\u{1B}[31m", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{202F}", "\u{200D}",
        "\u{200E}", "\u{200F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{FEFF}", "\u{FEFE}", "é", "e\u{301}",
        "😀", "👩‍👩‍👧", "中",
    ]

    @Test func theEscapeIsThePlainOneOnRandomTexts() {
        var random = SplitMix64(seed: 41)
        for round in 0..<3_000 {
            let length = Int.random(in: 0...12, using: &random)
            let text = (0..<length).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)] }.joined()
            for kept in [nil, "\n" as Unicode.Scalar] {
                let escaped = HiddenScalars.escaped(text, keeping: kept)
                #expect(escaped == Self.plain(text, keeping: kept), "round \(round): \(text.debugDescription)")
                // What comes out shows nothing hidden, and escapes to itself.
                #expect(HiddenScalars.escaped(escaped, keeping: kept) == escaped, "round \(round)")
            }
        }
    }

    @Test func everyPrintableASCIITextComesBackAsItIs() {
        let printable = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
        #expect(HiddenScalars.escaped(printable) == printable)
        #expect(HiddenScalars.escaped(printable + "\u{7F}") == printable + "\\u007f")
        #expect(HiddenScalars.escaped("\u{1F}" + printable) == "\\u001f" + printable)
    }
}
