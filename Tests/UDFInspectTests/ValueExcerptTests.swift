import TestSupport
import Testing
@testable import UDFInspect
import UDFJSON

/// `blame`'s one-line values are cut from byte windows. Each line must be
/// the one the plain way makes: decode both whole texts, find where their
/// bytes differ, and count characters over the whole strings.
@Suite struct ValueExcerptTests {
    /// Units that make cuts hard: several bytes a scalar, a combining mark
    /// that joins the letter before it, the two normalizations of é, a
    /// flag of two scalars, a lone half of one (which pairs with the next
    /// and shifts every flag after it), runs of flags, `-0.0`.
    static let units = [
        "a", "b", "\u{e9}", "e\u{301}", "\u{301}", "\u{1F600}", "\u{1F1EF}\u{1F1F5}", "\u{1F1EF}",
        String(repeating: "\u{1F1EF}\u{1F1F5}", count: 9), "\"", "\n", "-0.0", "𝄞", "abcdefghijklmnopqrst",
    ]

    /// Mostly ASCII, so that cuts fall where every byte is a character
    /// (the shortcut) as well as next to the units above.
    static let mostlyASCII = Array(repeating: "abcdefghij", count: 12) + ["x", "\r\n", "\r"] + units

    /// Canonical texts escape CR and LF; `raw` cuts the strings' own bytes,
    /// raw CR LF included.
    @Test(arguments: [(false, false), (true, false), (true, true)])
    func linesAreThoseOfThePlainWay(mostlyASCII: Bool, raw: Bool) {
        var random = SplitMix64(seed: mostlyASCII ? (raw ? 44 : 43) : 41)
        let units = mostlyASCII ? Self.mostlyASCII : Self.units
        func bytes(_ text: String) -> [UInt8] { raw ? Array(text.utf8) : JSONValue.string(text).canonicalBytes }
        for round in 0..<6_000 {
            let shared = Self.text(Int.random(in: 0..<90, using: &random), units, &random)
            let end = Self.text(Int.random(in: 0..<90, using: &random), units, &random)
            let old = bytes(shared + Self.text(Int.random(in: 0..<40, using: &random), units, &random) + end)
            let new = bytes(shared + Self.text(Int.random(in: 0..<40, using: &random), units, &random) + end)
            #expect(Array(ValueExcerpt.describe(old, new).utf8) == Array(Self.plain(old, new).utf8), "round \(round)")
            #expect(Array(ValueExcerpt.describe(new).utf8) == Array(Self.plain(new).utf8), "round \(round)")
        }
    }

    /// Two spellings of one letter are two values, and the line shows where.
    @Test func normalizationPairsDifferWhereTheirBytesDo() {
        let start = String(repeating: "x", count: 70)
        let line = ValueExcerpt.describe(JSONValue.string(start + "caf\u{e9}").canonicalBytes, JSONValue.string(start + "cafe\u{301}").canonicalBytes)
        let lead = "…" + String(repeating: "x", count: ValueExcerpt.leadWidth - 4) + "caf"
        #expect(line == lead + "\u{e9}\" → " + lead + "e\u{301}\"")
    }

    @Test func sharedBytesAreThoseOfAByteLoop() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0..<40, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) }
            var b = a
            if !b.isEmpty, Bool.random(using: &random) { b[Int.random(in: 0..<b.count, using: &random)] = 3 }
            b += (0..<Int.random(in: 0..<10, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) }
            if Bool.random(using: &random) { b.insert(1, at: 0) }
            var prefix = 0
            while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
            #expect(SharedBytes.prefix(a, b) == prefix, "\(a) \(b)")
            let limit = min(a.count, b.count) - prefix
            var suffix = 0
            while suffix < limit, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
            #expect(SharedBytes.suffix(a, b, within: limit) == suffix, "\(a) \(b)")
        }
    }

    private static func text(_ count: Int, _ units: [String], _ random: inout SplitMix64) -> String {
        (0..<count).map { _ in units[Int.random(in: 0..<units.count, using: &random)] }.joined()
    }

    /// The plain way: whole strings, cut by characters around the bytes that differ.
    private static func plain(_ bytes: [UInt8]?) -> String {
        guard let bytes else { return "(absent)" }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.count <= ValueExcerpt.width ? text : String(text.prefix(ValueExcerpt.width - 1)) + "…"
    }

    private static func plain(_ before: [UInt8], _ after: [UInt8]) -> String {
        let beforeText = String(decoding: before, as: UTF8.self)
        let afterText = String(decoding: after, as: UTF8.self)
        if beforeText.count <= ValueExcerpt.width, afterText.count <= ValueExcerpt.width { return beforeText + " → " + afterText }
        var prefix = 0
        while prefix < min(before.count, after.count), before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        func isContinuation(_ bytes: [UInt8], _ index: Int) -> Bool { index < bytes.count && bytes[index] & 0xC0 == 0x80 }
        while prefix > 0, isContinuation(before, prefix) || isContinuation(after, prefix) { prefix -= 1 }
        while suffix > 0, isContinuation(before, before.count - suffix) { suffix -= 1 }
        func excerpt(_ bytes: [UInt8]) -> String {
            let lead = String(decoding: bytes[..<prefix], as: UTF8.self)
            var result = lead.count <= ValueExcerpt.leadWidth ? lead : "…" + String(lead.suffix(ValueExcerpt.leadWidth - 1))
            var budget = ValueExcerpt.width - result.count
            let middle = String(decoding: bytes[prefix..<(bytes.count - suffix)], as: UTF8.self)
            if middle.count >= budget { return result + String(middle.prefix(budget - 1)) + "…" }
            result += middle
            budget -= middle.count
            let tail = String(decoding: bytes[(bytes.count - suffix)...], as: UTF8.self)
            return tail.count <= budget ? result + tail : result + String(tail.prefix(max(budget - 1, 0))) + "…"
        }
        return excerpt(before) + " → " + excerpt(after)
    }
}
