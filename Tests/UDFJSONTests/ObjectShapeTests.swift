import TestSupport
import Testing
@testable import UDFJSON

/// The parser reads an object with the keys of the one before it at its
/// depth from that one's dictionary, by comparing raw key bytes. Every
/// document here is parsed with that shortcut and without it, and the two
/// must agree exactly: the same canonical bytes (which spell keys scalar for
/// scalar), or the same error at the same offset.
@Suite struct ObjectShapeTests {
    private func outcome(_ text: String, shapes: Bool) -> String {
        var parser = JSONParser()
        parser.reusesObjectShapes = shapes
        do {
            return "value " + (try parser.parse(Array(text.utf8))).canonicalText
        } catch {
            return "error \(error.kind) at \(error.offset)"
        }
    }

    private func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome(text, shapes: true) == outcome(text, shapes: false), "\(text)", sourceLocation: sourceLocation)
    }

    @Test func objectsOfOneShapeKeepTheirOwnValues() throws {
        let text = #"[{"a":1,"b":{"c":"x"}},{"a":2,"b":{"c":"y"}},{"a":-0.0,"b":{"c":"z"}}]"#
        expectSame(text)
        let value = try JSONParser().parse(text)
        #expect(value.canonicalText == text)
    }

    @Test func keysThatOnlyLookAlikeAreReadThePlainWay() {
        // A prefix, a longer key, an escape spelling the same key, NFC against NFD,
        // the Kelvin sign (canonically equivalent to "K"), and whitespace before the colon.
        expectSame(#"[{"abc":1,"d":2},{"ab":1,"d":2},{"abcd":1,"d":2}]"#)
        expectSame(#"[{"a":1,"b":2},{"\u0061":3,"b":4},{"a":5,"\u0062":6}]"#)
        expectSame("[{\"e\u{301}\":1},{\"\u{E9}\":2},{\"e\u{301}\":3}]")
        expectSame("[{\"K\":1,\"L\":2},{\"K\":1,\"\u{212A}\":2}]")
        expectSame("[{\"a\":1,\"b\":2},{\"a\" :1,\"b\"\t:2},{\"a\":1,\"b\":2}]")
    }

    @Test func objectsThatLeaveTheShapeKeepEveryKeyRule() {
        expectSame(#"[{"a":1,"b":2},{"a":1,"a":2}]"#)
        expectSame(#"[{"a":1,"b":2},{"a":1,"b":2,"a":3}]"#)
        expectSame(#"[{"a":1,"b":2},{"a":1}]"#)
        expectSame(#"[{"a":1,"b":2},{"a":1,"b":2,"c":3}]"#)
        expectSame(#"[{"a":1,"b":2},{"b":1,"a":2}]"#)
        expectSame(#"[{"a":1,"b":2},{"a":1,"b"}]"#)
        expectSame(#"[{"a":1,"b":2},{"a":1,"b":2"#)
        expectSame(#"[{"a":1,"b":2},{"a":1,"b\u0000":2}]"#)
        // A key cut short by a stray character before a colon is no key.
        expectSame(#"[{"abc":1},{"abc!:2}]"#)
    }

    /// Random documents from a few keys, tricky ones included, with random
    /// order, repeats, missing and extra keys, nesting and whitespace.
    @Test func randomDocumentsParseAlikeWithAndWithoutShapes() {
        let keys = ["a", "b", "id", "title", "", "a b", "é", "e\u{301}", "K", "\u{212A}", "q\"", "s\\"]
        let spelled: [String: [String]] = ["a": ["a", "\\u0061"], "q\"": ["q\\\""], "s\\": ["s\\\\"], "é": ["é", "\\u00e9"]]
        let scalars = ["1", "-0.0", "0.0", "1e300", "123456789012345678901234567890", "true", "null", "\"x\"", "\"ünï\"", "\"\\n\""]
        var random = SplitMix64(seed: 0x5AA9E)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func space() -> String { random.next() % 8 == 0 ? " " : "" }
        func value(depth: Int) -> String {
            switch random.next() % 6 {
            case 0 where depth < 3: return "[" + (0..<Int(random.next() % 4)).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
            case 1 where depth < 3, 2 where depth < 3: return object(depth: depth + 1)
            default: return pick(scalars)
            }
        }
        func object(depth: Int) -> String {
            let count = Int(random.next() % 5)
            let members = (0..<count).map { _ -> String in
                let key = pick(keys)
                let spelling = random.next() % 3 == 0 ? pick(spelled[key] ?? [key]) : key
                return "\"\(spelling)\"\(space()):\(value(depth: depth))"
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        var parsed = 0
        for _ in 0..<400 {
            // Runs of one shape, then a different one, as states hold them.
            let shape = object(depth: 1)
            let text = "[" + (0..<Int(random.next() % 6)).map { _ in random.next() % 3 == 0 ? object(depth: 1) : shape }.joined(separator: ",") + "]"
            expectSame(text)
            if outcome(text, shapes: true).hasPrefix("value") { parsed += 1 }
        }
        // Both outcomes occur, so neither side is vacuous.
        #expect(parsed > 50 && parsed < 400)
    }
}
