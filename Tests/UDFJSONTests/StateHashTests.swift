import Testing
@testable import UDFJSON

@Suite struct StateHashTests {
    @Test func emptyInputIsTheOffsetBasis() {
        #expect(StateHash.of([]) == "cbf29ce484222325")
    }

    @Test func knownFNV1aVectors() {
        #expect(StateHash.of(Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(StateHash.of(Array("foobar".utf8)) == "85944171f73967e8")
    }

    @Test func valueHashIsTheHashOfItsCanonicalText() {
        let value: JSONValue = ["b": [true, nil], "a": 1]
        #expect(value.canonicalText == #"{"a":1,"b":[true,null]}"#)
        #expect(value.stateHash == "595cf28929e773ea")
    }

    @Test func equalValuesBuiltInAnyOrderHashAlike() {
        var first: [String: JSONValue] = [:]
        var second: [String: JSONValue] = [:]
        for index in 0..<50 {
            first["key\(index)"] = .number(JSONNumber(index))
        }
        for index in (0..<50).reversed() {
            second["key\(index)"] = .number(JSONNumber(index))
        }
        #expect(JSONValue.object(first).stateHash == JSONValue.object(second).stateHash)
        second["key7"] = 8
        #expect(JSONValue.object(first).stateHash != JSONValue.object(second).stateHash)
    }

    @Test func hashIsSixteenLowercaseHexDigitsEvenWithLeadingZeros() {
        #expect(StateHash.hex(0x0000_0000_0000_00ab) == "00000000000000ab")
        #expect(StateHash.hex(UInt64.max) == "ffffffffffffffff")
    }

    @Test func spellsAcceptsOnlyTheSpellingHexGives() {
        let hashes: [UInt64] = [0, 0xab, 0x0123_4567_89ab_cdef, UInt64.max, StateHash.value(of: Array("foobar".utf8))]
        for hash in hashes {
            let spelled = StateHash.hex(hash)
            #expect(StateHash.spells(hash, spelled))
            #expect(!StateHash.spells(hash, spelled.uppercased()) || spelled == spelled.uppercased())
            #expect(!StateHash.spells(hash, String(spelled.dropLast())))
            #expect(!StateHash.spells(hash, spelled + "0"))
            #expect(!StateHash.spells(hash &+ 1, spelled))
            #expect(!StateHash.spells(hash, " " + spelled.dropLast()))
        }
        #expect(!StateHash.spells(0xab, "AB"))
        #expect(!StateHash.spells(0xab, "00000000000000AB"))
        #expect(!StateHash.spells(0, ""))
        // A fullwidth digit is not a digit of the spelling.
        #expect(!StateHash.spells(0, "000000000000000\u{FF10}"))
    }
}
