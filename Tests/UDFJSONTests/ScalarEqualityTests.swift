import Foundation
import Testing
@testable import UDFJSON

/// One equality for a recording: two JSON values are equal exactly when their
/// canonical bytes are, so strings and keys compare by Unicode scalars.
@Suite struct ScalarEqualityTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func stringsThatSwiftCallsEqualAreNotEqualJSON() {
        #expect(Self.composed == Self.decomposed)
        #expect(!Self.composed.hasSameScalars(as: Self.decomposed))
        #expect(JSONValue.string(Self.composed) != .string(Self.decomposed))
        #expect(JSONValue.string(Self.composed).canonicalBytes != JSONValue.string(Self.decomposed).canonicalBytes)
        #expect(JSONValue.array(["x", .string(Self.composed)]) != .array(["x", .string(Self.decomposed)]))
        #expect(JSONValue.object(["k": .string(Self.composed)]) != .object(["k": .string(Self.decomposed)]))
    }

    @Test func objectKeysCompareByScalars() {
        let a = JSONValue.object([Self.composed: 1])
        let b = JSONValue.object([Self.decomposed: 1])
        #expect(a != b)
        #expect(a.objectValue?.value(exactlyAt: Self.decomposed) == nil)
        #expect(a.objectValue?.value(exactlyAt: Self.composed) == 1)
        #expect(a.objectValue?.equivalentKey(to: Self.decomposed) == Self.composed)
        #expect(a.objectValue?.keysByScalars(unitedWith: b.objectValue ?? [:]) == [Self.decomposed, Self.composed])
    }

    @Test func equalValuesHashAlike() {
        var set: Set<JSONValue> = [.string(Self.composed), .string(Self.decomposed), ["a": [1, 2]], ["a": [1, 2]]]
        #expect(set.count == 3)
        set.insert(.string(Self.composed))
        #expect(set.count == 3)
    }

    @Test func containsMatchesScalarsNotEquivalents() {
        #expect(Self.composed.contains("\u{E9}"))
        #expect(Self.composed.containsScalars("\u{E9}"))
        #expect(!Self.decomposed.containsScalars("\u{E9}"))
        #expect(Self.decomposed.containsScalars("e\u{301}"))
        #expect(Self.decomposed.containsScalars(""))
        #expect(!"".containsScalars("a"))
    }

    @Test func theParserRefusesKeysThatDifferOnlyInNormalization() {
        let text = "{\"\(Self.composed)\":1,\"\(Self.decomposed)\":2}"
        #expect {
            try JSONParser().parse(Array(text.utf8))
        } throws: { error in
            "\(error)" == #"invalid JSON at line 1, column 11: keys "caf\u{E9}" and "cafe\u{301}" differ only in Unicode normalization"#
        }
    }

    @Test func theEncoderRefusesKeysThatDifferOnlyInNormalization() {
        #expect {
            try JSONValueEncoder().encode(TwoSpellings())
        } throws: { error in
            "\(error)".contains(#"keys "caf\u{E9}" and "cafe\u{301}", which differ only in Unicode normalization, in one object"#)
        }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        #expect(try JSONValueEncoder().encode(-0.0 as Double) == .number(JSONNumber(literal: "-0")!))
        #expect(try JSONValueEncoder().encode(-0.0 as Float) == .number(JSONNumber(literal: "-0")!))
        #expect(try JSONValueEncoder().encode(0.0 as Double) == 0)
        #expect(try JSONValueDecoder().decode(Double.self, from: .number(JSONNumber(-0.0))).sign == .minus)
    }

    @Test func theStorageLayoutCheckHolds() {
        // If a toolchain changes the layout, identity shortcuts switch off
        // (and this test says so), rather than giving wrong answers.
        #expect(JSONStorageIdentity.layoutHolds)
        #expect(FieldBytes.layoutHolds)
        #expect(DictionaryBuckets.layoutHolds)
    }

    private struct TwoSpellings: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            try container.encode(1, forKey: JSONCodingKey(stringValue: ScalarEqualityTests.composed))
            try container.encode(2, forKey: JSONCodingKey(stringValue: ScalarEqualityTests.decomposed))
        }
    }
}
