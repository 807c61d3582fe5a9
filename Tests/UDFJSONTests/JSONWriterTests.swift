import TestSupport
import Testing
@testable import UDFJSON

@Suite struct JSONWriterTests {
    @Test func canonicalTextIsCompactWithSortedKeys() {
        let value: JSONValue = [
            "title": "Buy milk", "id": 3, "done": false, "tags": ["a", "b"], "meta": [:], "list": [], "note": nil,
        ]
        #expect(value.canonicalText == #"{"done":false,"id":3,"list":[],"meta":{},"note":null,"tags":["a","b"],"title":"Buy milk"}"#)
    }

    @Test func stringsAreEscapedMinimally() {
        let value = JSONValue.string("q\" b\\ \u{8}\u{C}\n\r\t \u{1} \u{1F} / é \u{7F} 😀")
        #expect(value.canonicalText == #""q\" b\\ \b\f\n\r\t \u0001 \u001f / é "# + "\u{7F}" + #" 😀""#)
    }

    @Test func keysSortByUTF8BytesNotUTF16() {
        // U+FF61 sorts before U+1F600 in UTF-8 (EF… < F0…) but after it in UTF-16 (FF61 > D83D).
        let value: JSONValue = ["😀": 1, "｡": 2, "b": 3, "B": 4, "aa": 5, "a": 6, "": 7, "é": 8]
        #expect(value.canonicalText == #"{"":7,"B":4,"a":6,"aa":5,"b":3,"é":8,"｡":2,"😀":1}"#)
    }

    @Test func numbersKeepTheirLiteralText() throws {
        let big = try #require(JSONNumber(literal: "12345678901234567890123"))
        let small = try #require(JSONNumber(literal: "-1.50e-7"))
        #expect(JSONValue.array([.number(big), .number(small), 0.5]).canonicalText == "[12345678901234567890123,-1.50e-7,0.5]")
    }

    @Test func writeCanonicalAppendsToAnExistingBuffer() {
        var bytes = Array("prefix:".utf8)
        JSONValue.array([1, "x"]).writeCanonical(into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"prefix:[1,"x"]"#)
    }

    @Test func prettyTextIndentsAndSorts() {
        let value: JSONValue = ["b": [1, [:]], "a": [], "c": ["y": nil, "x": "s"]]
        let expected = """
            {
              "a": [],
              "b": [
                1,
                {}
              ],
              "c": {
                "x": "s",
                "y": null
              }
            }
            """
        #expect(value.prettyText() == expected)
        #expect(JSONValue.array([true]).prettyText(indent: 4) == "[\n    true\n]")
        #expect(JSONValue.string("plain").prettyText() == #""plain""#)
    }

    /// Indentation is copied 64 spaces at a time: deep values and wide
    /// indents cross that length, and each line must still have exactly
    /// `indent × depth` spaces.
    @Test func deepIndentationHasExactlyItsSpaces() {
        for indent in [0, 1, 2, 7, 64, 65, 130] {
            var value: JSONValue = .string("leaf")
            for depth in 0..<40 { value = depth.isMultiple(of: 2) ? .array([value]) : .object(["k": value]) }
            let lines = value.prettyText(indent: indent).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 81, "indent \(indent)")
            for (index, line) in lines.enumerated() {
                let depth = index <= 40 ? index : 80 - index
                let spaces = line.prefix { $0 == " " }.count
                #expect(spaces == indent * depth, "indent \(indent), line \(index)")
            }
        }
    }

    @Test func parsingCanonicalTextGivesBackRandomValues() throws {
        var generator = SplitMix64(seed: 0x5EED_1234)
        let parser = JSONParser()
        for _ in 0..<400 {
            let value = RandomJSON.value(using: &generator, depth: 4)
            let text = value.canonicalText
            let parsed = try parser.parse(text)
            #expect(parsed == value, "\(text)")
            #expect(parsed.canonicalText == text)
            #expect(try parser.parse(value.prettyText()) == value)
        }
    }

    @Test func splitMix64MatchesItsReferenceSequence() {
        // First outputs for seed 1234567 from the SplitMix64 reference implementation.
        var generator = SplitMix64(seed: 1_234_567)
        #expect(generator.next() == 6_457_827_717_110_365_317)
        #expect(generator.next() == 3_203_168_211_198_807_973)
    }
}


/// Random `JSONValue`s covering every case, awkward strings and exact numbers.
enum RandomJSON {
    static func value(using generator: inout SplitMix64, depth: Int) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &generator)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(number(using: &generator))
        case 3, 4: return .string(string(using: &generator))
        case 5:
            let count = Int.random(in: 0..<5, using: &generator)
            return .array((0..<count).map { _ in value(using: &generator, depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &generator) {
                members[string(using: &generator)] = value(using: &generator, depth: depth - 1)
            }
            return .object(members)
        }
    }

    static func number(using generator: inout SplitMix64) -> JSONNumber {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            return JSONNumber(Int.random(in: Int.min...Int.max, using: &generator))
        case 1:
            return JSONNumber(Double.random(in: -1e6...1e6, using: &generator))
        case 2:
            return JSONNumber(exactly: UInt64.random(in: 0...UInt64.max, using: &generator))
        default:
            let digits = (0..<Int.random(in: 20..<40, using: &generator)).map { _ in
                String(Int.random(in: 1...9, using: &generator))
            }
            return JSONNumber(literal: "-" + digits.joined() + ".25e-3") ?? JSONNumber(0)
        }
    }

    static func string(using generator: inout SplitMix64) -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "ß", "中", "\u{FF61}", "😀", "\u{10FFFF}"]
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0..<8, using: &generator) {
            text.append(pool[Int.random(in: 0..<pool.count, using: &generator)])
        }
        return String(text)
    }
}
