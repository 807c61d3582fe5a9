import TestSupport
import Testing
@testable import UDFJSON

/// `JSONWriter.sortedMembers` compares eight-byte prefixes as numbers before
/// bytes; its order must be exactly the byte order `utf8Precedes` defines.
@Suite struct CanonicalOrderTests {
    /// Pieces that make prefixes tie, differ only past eight bytes, or hold
    /// NUL (the padding's own value), DEL, multi-byte scalars and combining marks.
    private static let pieces = ["\u{0}", "a", "b", "~", "\u{7F}", "\u{80}", "é", "e\u{301}", "\u{FFFF}", "😀", "abcdefgh", ""]

    private static func plainOrder(_ keys: [String]) -> [String] {
        keys.sorted(by: JSONWriter.utf8Precedes)
    }

    @Test func adversarialKeysSortAsTheirBytes() {
        let keys = ["", "\u{0}", "a", "a\u{0}", "a\u{0}b", "abcdefgh", "abcdefgh\u{0}", "abcdefghi", "abcdefgg~", "abcdefg", "\u{7F}", "\u{80}", "é", "ÿ", "😀", "日本"]
        let members = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, JSONValue.number(JSONNumber($0))) })
        let sorted = JSONWriter.sortedMembers(members).map(\.key)
        #expect(sorted.elementsEqual(Self.plainOrder(keys)) { $0.unicodeScalars.elementsEqual($1.unicodeScalars) })
        #expect(sorted.first == "")
        #expect(sorted.prefix(2).last == "\u{0}")
    }

    @Test func randomKeysSortAsTheirBytes() {
        var generator = SplitMix64(seed: 16)
        for _ in 0..<2_000 {
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 2...12, using: &generator) {
                let key = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
                members[key] = .null
            }
            let sorted = JSONWriter.sortedMembers(members).map(\.key)
            let plain = Self.plainOrder(Array(members.keys))
            #expect(sorted.elementsEqual(plain) { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }, "\(members.keys.map { Array($0.utf8) })")
        }
    }

    /// `CanonicalKey`, which the text encoder sorts and merges members by,
    /// orders as the bytes do, and is equal exactly when the bytes are:
    /// `é` and `e` with a combining accent are two keys to it.
    @Test func canonicalKeysOrderAndMatchAsTheirBytes() {
        var generator = SplitMix64(seed: 17)
        for _ in 0..<5_000 {
            let pair = (0..<2).map { _ in
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            }
            let (a, b) = (CanonicalKey(pair[0]), CanonicalKey(pair[1]))
            #expect((a < b) == JSONWriter.utf8Precedes(pair[0], pair[1]), "\(Array(pair[0].utf8)) against \(Array(pair[1].utf8))")
            #expect((a == b) == pair[0].utf8.elementsEqual(pair[1].utf8), "\(Array(pair[0].utf8)) against \(Array(pair[1].utf8))")
            if a == b { #expect(a.hashValue == b.hashValue) }
            // As a dictionary key: one entry exactly when the bytes are the same.
            #expect(Set([a, b]).count == (pair[0].utf8.elementsEqual(pair[1].utf8) ? 1 : 2))
        }
        #expect(CanonicalKey("caf\u{E9}") != CanonicalKey("cafe\u{301}"))
        #expect(CanonicalKey("K") != CanonicalKey("\u{212A}"))
        #expect(Set([CanonicalKey("caf\u{E9}"), CanonicalKey("cafe\u{301}"), CanonicalKey("caf\u{E9}")]).count == 2)
    }
}
