import TestSupport
import Testing
import UDFDiff
import UDFJSON

/// `JSONPatch(text:)` reads the recorder's canonical form directly and
/// everything else the plain way. Compared with the plain way on canonical
/// texts, near misses of the form and broken texts: the same operations, or
/// the same error.
@Suite struct StoredPatchTextTests {
    private func expectSameAsPlain(_ text: String, limits: JSONParser.Limits = .default, sourceLocation: SourceLocation = #_sourceLocation) {
        if let disagreement = patchTextDisagreement(Array(text.utf8), limits: limits) {
            Issue.record("\(text): \(disagreement)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        #"[]"#,
        #"[{"op":"replace","path":"/items/3/done","value":true}]"#,
        #"[{"op":"add","path":"/todos/-","value":{"id":7,"tags":["a","b"],"title":"Buy \"milk\"\n"}}]"#,
        #"[{"op":"remove","path":"/todos/0"},{"op":"test","path":"","value":null}]"#,
        #"[{"from":"/a~1b","op":"move","path":"/c~0d"},{"from":"/x","op":"copy","path":"/y/0"}]"#,
        #"[{"op":"replace","path":"/n","value":-0.0},{"op":"replace","path":"/big","value":123456789012345678901234567890}]"#,
        "[{\"op\":\"replace\",\"path\":\"/k\",\"value\":{\"cafe\u{301}\":1,\"\u{212A}\":\"\u{1F600}\"}}]",
        #"[{"op":"add","path":"/s","value":"\u00e9\ud83d\ude00"}]"#,
    ])
    func canonicalTextsReadAsThePlainWay(text: String) {
        expectSameAsPlain(text)
    }

    /// The recorder and the exports write patch text straight from the operations; it must
    /// be the patch document's canonical text, byte for byte.
    @Test func canonicalTextIsTheDocumentsCanonicalText() throws {
        let tokens = ["a/b", "~", "~1", "caf\u{E9}", "cafe\u{301}", "\u{0}ctl\n\"q\"", "", "\u{1F600}", "-", "0"]
        let pointers = [JSONPointer.root] + tokens.map { JSONPointer(tokens: [$0]) } + [JSONPointer(tokens: tokens)]
        let values: [JSONValue] = [
            .null, true, -0.0, 0.0, 1e300, .number(JSONNumber(literal: "123456789012345678901234567890")!),
            "cafe\u{301}", "\u{7F}\u{1F}\"\\", ["z": 1, "a": ["\u{212A}": [1, 2]], "é": "x"], [[], [:], [nil, "s"]],
        ]
        var operations: [PatchOperation] = []
        for (index, pointer) in pointers.enumerated() {
            let value = values[index % values.count]
            let other = pointers[(index + 3) % pointers.count]
            operations += [
                .add(path: pointer, value: value), .remove(path: pointer), .replace(path: pointer, value: value),
                .move(from: other, path: pointer), .copy(from: other, path: pointer), .test(path: pointer, value: value),
            ]
        }
        let patches = [JSONPatch([]), JSONPatch(operations)] + operations.map { JSONPatch([$0]) }
        for patch in patches {
            #expect(patch.canonicalBytes == patch.jsonValue.canonicalBytes, "\(patch.jsonValue.canonicalText)")
        }
    }

    @Test(arguments: [
        // Near misses of the form: read the plain way, with the same result.
        #" [{"op":"replace","path":"/a","value":1}]"#,
        #"[{"op":"replace","path":"/a","value":1}] "#,
        #"[{"op":"replace", "path":"/a","value":1}]"#,
        #"[{"path":"/a","op":"replace","value":1}]"#,
        #"[{"op":"replace","path":"/a","value":1,"extra":2}]"#,
        #"[{"from":"/b","op":"add","path":"/a","value":1}]"#,
        #"[{"op":"move","path":"/a","from":"/b"}]"#,
        #"[{"op":"replace","path":"\/a","value":1}]"#,
        "[{\"op\":\"replace\",\"path\":\"/caf\u{e9}\",\"value\":1}]",
        #"[{"op":"replace","path":"/a\u0041","value":1}]"#,
        // Broken texts: the same error.
        #"{"op":"replace","path":"/a","value":1}"#,
        #"[{"op":"replace","path":"/a","value":1}"#,
        #"[{"op":"replace","path":"/a","value":1}]x"#,
        #"[{"op":"replace","path":"/a"}]"#,
        #"[{"op":"frobnicate","path":"/a"}]"#,
        #"[{"op":"replace","op":"remove","path":"/a"}]"#,
        #"[{"op":"replace","path":"a","value":1}]"#,
        #"[{"op":"replace","path":"/a~2","value":1}]"#,
        #"[{"op":"replace","path":"/a","value":{"k":1,"k":2}}]"#,
        #"[{"op":"replace","path":"/a","value":1e400}]"#,
        #"[{"op":"replace","path":"/a","value":tru}]"#,
        #"[1]"#,
        "",
    ])
    func otherTextsReadAsThePlainWay(text: String) {
        expectSameAsPlain(text)
    }

    @Test func depthCountsTheEnclosingArrayAndObject() {
        let limits = JSONParser.Limits(maxDepth: 5)
        // The value's containers sit at depths 3, 4, 5 (allowed) and 6 (too deep).
        expectSameAsPlain(#"[{"op":"add","path":"/a","value":[[[1]]]}]"#, limits: limits)
        expectSameAsPlain(#"[{"op":"add","path":"/a","value":[[[[1]]]]}]"#, limits: limits)
        expectSameAsPlain(#"[{"op":"add","path":"/a","value":[[1]]}]"#, limits: JSONParser.Limits(maxDepth: 2))
        expectSameAsPlain(#"[{"op":"remove","path":"/a"}]"#, limits: JSONParser.Limits(maxDepth: 2))
    }

    @Test func invalidUTF8ReadsAsThePlainWay() {
        let valid = Array(#"[{"op":"add","path":"/a","value":"x"}]"#.utf8)
        for index in valid.indices {
            var bytes = valid
            bytes[index] = 0xFF
            #expect(patchTextDisagreement(bytes) == nil, "byte \(index)")
        }
    }

    @Test func randomPatchesBetweenRandomValuesReadAsThePlainWay() throws {
        var random = RandomJSON(seed: 61)
        for _ in 0..<300 {
            let before = random.value(depth: 4)
            let after = random.mutate(before)
            let text = JSONPatch.make(from: before, to: after).jsonValue.canonicalText
            expectSameAsPlain(text)
            #expect(try JSONPatch(text: Array(text.utf8)).apply(to: before) == after)
        }
    }
}
