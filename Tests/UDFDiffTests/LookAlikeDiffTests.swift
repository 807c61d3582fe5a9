import Testing
import UDFDiff
import UDFJSON

/// A change that only Unicode normalization shows is reported, and its lines
/// spell the scalars, so the two sides do not read alike.
@Suite struct LookAlikeDiffTests {
    static let composed = JSONValue.string("caf\u{E9}")
    static let decomposed = JSONValue.string("cafe\u{301}")

    @Test func aRespelledValueIsAChangeSpelledOutInTheTree() throws {
        let node = try #require(JSONDiff.diff(["title": Self.composed, "n": 1], ["title": Self.decomposed, "n": 1]))
        #expect(TreeDiffRenderer().render(node) == #"""
              {
                "n": 1
            -   "title": "caf\u{E9}"
            +   "title": "cafe\u{301}"
              }
            """#)
        #expect(PathsDiffRenderer().render(node) == #".title: "caf\u{E9}" → "cafe\u{301}""#)
    }

    @Test func aRespelledKeyIsARemovalAndAnAddition() throws {
        let node = try #require(JSONDiff.diff(["caf\u{E9}": 1], ["cafe\u{301}": 1]))
        #expect(TreeDiffRenderer().render(node) == #"""
              {
            +   "cafe\u{301}": 1
            -   "caf\u{E9}": 1
              }
            """#)
        #expect(PathsDiffRenderer().render(node) == #"""
            .["cafe\u{301}"]: added 1
            .["caf\u{E9}"]: removed 1
            """#)
        let patch = JSONPatch.make(from: ["caf\u{E9}": 1], to: ["cafe\u{301}": 1])
        #expect(try patch.apply(to: ["caf\u{E9}": 1]) == ["cafe\u{301}": 1])
    }

    @Test func textThatDiffersInScalarsOnlyStaysAsItIsElsewhere() throws {
        let node = try #require(JSONDiff.diff(["title": "café"], ["title": "tea"]))
        #expect(PathsDiffRenderer().render(node) == #".title: "café" → "tea""#)
    }

    @Test func pointersNameKeysByScalars() throws {
        let document: JSONValue = ["caf\u{E9}": 1]
        #expect(throws: JSONPatchError.self) {
            try JSONPatch([.replace(path: JSONPointer(tokens: ["cafe\u{301}"]), value: 2)]).apply(to: document)
        }
        #expect {
            try JSONPatch([.add(path: JSONPointer(tokens: ["cafe\u{301}"]), value: 2)]).apply(to: document)
        } throws: { error in
            "\(error)".hasSuffix(#"cannot add /cafe\#u{301}: the object holds "caf\u{E9}", which differs from it only in Unicode normalization"#)
        }
        #expect(JSONPointer(tokens: ["caf\u{E9}"]) != JSONPointer(tokens: ["cafe\u{301}"]))
    }

    /// Removing, and passing through an object on the way down, find the
    /// member once and then read and write it by index: the key found must
    /// still be the one spelled with the pointer's scalars.
    @Test func removingAndDescendingNameKeysByScalars() throws {
        let document: JSONValue = ["caf\u{E9}": ["x": 1], "tea": ["x": 2]]
        for operation in [
            PatchOperation.remove(path: JSONPointer(tokens: ["cafe\u{301}"])),
            .replace(path: JSONPointer(tokens: ["cafe\u{301}", "x"]), value: 9),
            .remove(path: JSONPointer(tokens: ["cafe\u{301}", "x"])),
            .add(path: JSONPointer(tokens: ["cafe\u{301}", "y"]), value: 9),
        ] {
            #expect(throws: JSONPatchError.self, "\(operation)") { try JSONPatch([operation]).apply(to: document) }
        }
        #expect(try JSONPatch([.replace(path: JSONPointer(tokens: ["caf\u{E9}", "x"]), value: 9)]).apply(to: document)
            == ["caf\u{E9}": ["x": 9], "tea": ["x": 2]])
        #expect(try JSONPatch([.remove(path: JSONPointer(tokens: ["caf\u{E9}"]))]).apply(to: document) == ["tea": ["x": 2]])
        #expect(try JSONPatch([.remove(path: JSONPointer(tokens: ["tea", "x"]))]).apply(to: document)
            == ["caf\u{E9}": ["x": 1], "tea": [:]])
        var inPlace = document
        try JSONPatch([.replace(path: JSONPointer(tokens: ["tea", "x"]), value: -0.0)]).apply(inPlace: &inPlace)
        #expect(inPlace == ["caf\u{E9}": ["x": 1], "tea": ["x": .number(JSONNumber(-0.0))]])
        #expect(inPlace != ["caf\u{E9}": ["x": 1], "tea": ["x": .number(JSONNumber(0.0))]])
    }

    @Test func predicatesCompareByScalars() throws {
        let state: JSONValue = ["title": Self.decomposed]
        #expect(try !Predicate.parse(#".title == "caf\u00e9""#).evaluate(on: state))
        #expect(try Predicate.parse(#".title == "cafe\u0301""#).evaluate(on: state))
        #expect(try !Predicate.parse(#".title contains "\u00e9""#).evaluate(on: state))
    }
}
