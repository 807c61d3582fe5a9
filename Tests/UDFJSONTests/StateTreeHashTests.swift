import Testing
@testable import UDFJSON

@Suite struct StateTreeHashTests {
    /// The vectors of docs/format.md, printed by scripts/tree-hash-reference.py,
    /// an implementation written from the specification alone.
    static let vectors: [(json: String, hash: String)] = [
        ("null", "e220a8397b1dcdaf"),
        ("false", "6e789e6aa1b965f4"),
        ("true", "06c45d188009454f"),
        ("0", "accc63f0fcdb092a"),
        ("-0", "4396784c10dfa39e"),
        ("1.5", "40a752b36d18eaca"),
        ("12345678901234567890123", "c91e2e51529321b2"),
        (#""""#, "1b39896a51a8749b"),
        (#""a""#, "d78f197bdb8ef97f"),
        (#""abcdefgh""#, "3e96b0da96eff20e"),
        (#""abcdefghi""#, "920d6401e2fa0580"),
        (#""caf\u00e9""#, "70dd10c29be13bb9"),
        (#""cafe\u0301""#, "a112057e341e0f0d"),
        ("[]", "00e78a7f576441a3"),
        ("{}", "83f0ca61cf2b4955"),
        ("[1]", "44bdd8b4ca83c383"),
        ("[[1]]", "db32caf3eeafe6ec"),
        (#"["a","b"]"#, "f6a43fad0dbb7f9b"),
        (#"["b","a"]"#, "0ce169841cbc8694"),
        (#"{"a":{"b":1}}"#, "7c087fc7e6ad7cfa"),
        (#"{"a.b":1}"#, "158d7dce7966c697"),
        (#"{"a":"b"}"#, "7a4b3e6bbe2045d6"),
        (#"{"b":"a"}"#, "235f8d8636303a92"),
        (#"{"a":1,"b":[true,null]}"#, "6ed8c3be271c28f9"),
    ]

    @Test func theSpecifiedVectors() throws {
        for vector in Self.vectors {
            let value = try JSONParser().parse(Array(vector.json.utf8))
            #expect(value.stateTreeHash == vector.hash, "\(vector.json)")
            #expect(IncrementalTreeHash().measure(value).hex == vector.hash, "\(vector.json)")
        }
    }

    @Test func typesNestingAndOrderDoNotCollide() throws {
        let hashes = try Self.vectors.map { try JSONParser().parse(Array($0.json.utf8)).stateTreeHash }
        #expect(Set(hashes).count == hashes.count)
    }

    @Test func objectsHashAlikeWhateverOrderTheyWereBuiltIn() {
        var first: [String: JSONValue] = [:]
        var second: [String: JSONValue] = [:]
        for index in 0..<50 { first["key\(index)"] = .number(JSONNumber(index)) }
        for index in (0..<50).reversed() { second["key\(index)"] = .number(JSONNumber(index)) }
        #expect(JSONValue.object(first).stateTreeHash == JSONValue.object(second).stateTreeHash)
        second["key7"] = 8
        #expect(JSONValue.object(first).stateTreeHash != JSONValue.object(second).stateTreeHash)
    }

    @Test func keysAndStringsSpelledInAnotherNormalizationHashApart() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(JSONValue.string(composed).stateTreeHash != JSONValue.string(decomposed).stateTreeHash)
        #expect(JSONValue.object([composed: 1]).stateTreeHash != JSONValue.object([decomposed: 1]).stateTreeHash)
    }

    @Test func everyLengthAroundAWordHashesApart() {
        let hashes = (0..<40).map { JSONValue.string(String(repeating: "x", count: $0)).stateTreeHash }
        #expect(Set(hashes).count == 40)
        #expect(JSONValue.string("x\u{0}").stateTreeHash != JSONValue.string("x").stateTreeHash)
    }

    /// A leaf read a byte at a time, as docs/format.md words it.
    private static func leafByBytes(_ tag: StateTreeHash.Tag, _ bytes: [UInt8]) -> UInt64 {
        var hash = (tag.rawValue &* StateTreeHash.k1) ^ UInt64(bytes.count)
        for start in stride(from: 0, to: bytes.count, by: 8) {
            var word: UInt64 = 0
            for (offset, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() {
                word |= UInt64(byte) << (8 * UInt64(offset))
            }
            hash = (hash ^ word) &* StateTreeHash.k2
            hash ^= hash >> 32
        }
        return StateTreeHash.mix(hash)
    }

    @Test func leavesOfEveryLengthHashAsTheirBytesReadOneByOne() {
        for count in 0...40 {
            // High bytes and zero bytes, so a load of the wrong width or place shows.
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: 0xF1 &* ($0 + 1)) ^ UInt8($0 % 3 == 0 ? 0 : 0x80) }
            let hashed = bytes.withUnsafeBytes { StateTreeHash.leaf(.string, $0) }
            #expect(hashed == Self.leafByBytes(.string, bytes), "\(count) bytes")
        }
    }

    /// Arrays past `splitElements` are hashed in halves on two threads; the
    /// memo's hasher never splits, so the two must agree on long arrays at
    /// the top and nested, of an odd length so the halves differ.
    @Test func longArraysHashedInHalvesHashAsAWhole() {
        let elements: [JSONValue] = (0..<(StateTreeHash.splitElements + 7)).map { index in
            switch index % 3 {
            case 0: ["id": .number(JSONNumber(index)), "title": .string("e\u{301}\(index)")]
            case 1: .array([.string("\(index)"), .null])
            default: .number(JSONNumber(Double(index) * -0.5))
            }
        }
        let nested: JSONValue = ["list": .array(elements), "inner": .array([.array(elements), true])]
        for value in [JSONValue.array(elements), nested] {
            #expect(StateTreeHash.value(of: value) == IncrementalTreeHash().measure(value).hash)
        }
        var swapped = elements
        swapped.swapAt(0, elements.count - 1)
        #expect(StateTreeHash.value(of: .array(swapped)) != StateTreeHash.value(of: .array(elements)))
    }

    @Test func canonicalSizeIsTheCanonicalTextsLength() {
        let values: [JSONValue] = [
            .null, true, false, -0.0, .string("q\"\\\u{1}\n\t\u{7F}é😀/"),
            ["k\"": [1, "x\u{8}"], "": [:]], [[], [[]], ["a": nil]],
        ]
        for value in values {
            #expect(IncrementalTreeHash().measure(value).size == value.canonicalBytes.count, "\(value.canonicalText)")
        }
    }
}
