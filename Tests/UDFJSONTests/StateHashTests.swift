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
}
