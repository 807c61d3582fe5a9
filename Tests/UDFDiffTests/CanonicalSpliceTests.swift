import TestSupport
import Testing
import UDFDiff
import UDFJSON

/// `CanonicalTextEditor` (and `JSONPatch.splicing(intoCanonical:)`, one
/// patch on a fresh editor) edits a canonical text where the patch points. Compared with the plain path (apply, then write the whole
/// canonical text) on keys that sort unlike their text, escapes, Unicode
/// normalization pairs, a Kelvin sign, −0.0, huge numbers and patches that
/// fail: the same bytes, or nil where the plain path fails.
@Suite struct CanonicalSpliceTests {
    /// Keys whose bytes and escapes make order and lookup hard.
    private static let hardKeys = [
        "", "a", "ab", "ab ", "ab!", "ab~", "a\"b", "a\\b", "line\nbreak", "K", "\u{212A}",
        "caf\u{E9}", "cafe\u{301}", "\u{1F600}", "~0", "a/b", "0", "10", "9",
    ]

    /// A state with −0.0, a 30-digit number, escapes, a key that sorts
    /// unlike its text and non-ASCII keys.
    private static let documentText = """
        {"items":[{"done":false,"id":1,"score":-0.0,"title":"Buy \\"milk\\"\\n"},\
        {"done":true,"id":2,"score":123456789012345678901234567890,"title":"caf\u{E9}"},[],{}],\
        "ab":"x","ab!":1,"a\\"b":{"nested":[1,[2,[3]]]},"caf\u{E9}":"nfc","\u{1F600}":{},\
        "empty":[],"none":{},"~0":"tilde"}
        """

    private static func document() throws -> JSONValue {
        try JSONParser().parse(documentText)
    }

    /// Records a difference from the plain path; returns whether the text was spliced.
    @discardableResult
    private func expectSameAsPlain(
        _ patch: JSONPatch, on value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let plain = try? patch.apply(to: value)
        let spliced = patch.splicing(intoCanonical: value.canonicalBytes)
        switch (plain, spliced) {
        case (_, nil):
            return false
        case (nil, .some(let spliced)):
            Issue.record("spliced \(String(decoding: spliced, as: UTF8.self)) where the plain path fails: \(patch.jsonValue.canonicalText)", sourceLocation: sourceLocation)
            return true
        case (.some(let plain), .some(let spliced)):
            if spliced != plain.canonicalBytes {
                Issue.record("""
                    \(patch.jsonValue.canonicalText)
                    spliced \(String(decoding: spliced, as: UTF8.self))
                    plain   \(plain.canonicalText)
                    """, sourceLocation: sourceLocation)
            }
            return true
        }
    }

    private func pointer(_ tokens: String...) -> JSONPointer {
        JSONPointer(tokens: tokens)
    }

    @Test func addingEveryHardKeyToObjectsOfHardKeysMatchesThePlainPath() {
        var spliced = 0
        for existing in 0...Self.hardKeys.count {
            var members: [String: JSONValue] = [:]
            for key in Self.hardKeys.prefix(existing) where members[key] == nil { members[key] = .string(key) }
            let object = JSONValue.object(["o": .object(members)])
            for key in Self.hardKeys {
                for operation in [
                    PatchOperation.add(path: pointer("o", key), value: ["new": .number(JSONNumber(-0.0))]),
                    .replace(path: pointer("o", key), value: "replaced"),
                    .remove(path: pointer("o", key)),
                ] where expectSameAsPlain(JSONPatch([operation]), on: object) {
                    spliced += 1
                }
            }
        }
        // Plain keys are spliced; the test would pass vacuously otherwise.
        #expect(spliced > 300)
    }

    @Test func plainEditsAreSplicedAndMatch() throws {
        let document = try Self.document()
        let cases: [PatchOperation] = [
            .replace(path: pointer("items", "0", "score"), value: 1),
            .replace(path: pointer("items", "1", "score"), value: .number(JSONNumber(-0.0))),
            .replace(path: pointer("items", "1"), value: ["id": 9]),
            .add(path: pointer("items", "0", "tags"), value: ["home", "urgent"]),
            .add(path: pointer("items", "0", "aardvark"), value: nil),
            .add(path: pointer("items", "0", "zebra"), value: true),
            .add(path: pointer("items", "-"), value: ["id": 3]),
            .add(path: pointer("items", "0"), value: "first"),
            .add(path: pointer("items", "2"), value: "middle"),
            .add(path: pointer("items", "4"), value: "last"),
            .add(path: pointer("items", "2", "0"), value: "into empty array"),
            .add(path: pointer("items", "2", "-"), value: "into empty array"),
            .add(path: pointer("items", "3", "k"), value: "into empty object"),
            .add(path: pointer("none", "z"), value: 1),
            .add(path: pointer("ab"), value: "same key: replaced"),
            .remove(path: pointer("items", "0")),
            .remove(path: pointer("items", "3")),
            .remove(path: pointer("items", "0", "done")),
            .remove(path: pointer("items", "0", "title")),
            .remove(path: pointer("ab")),
            .remove(path: pointer("~0")),
            .replace(path: pointer("a\"b", "nested", "1", "1", "0"), value: 4),
            .replace(path: pointer("caf\u{E9}"), value: "exact scalars"),
            .replace(path: pointer("\u{1F600}"), value: [1, 2]),
            .replace(path: pointer(), value: ["root": true]),
            .add(path: pointer(), value: []),
        ]
        for operation in cases {
            #expect(expectSameAsPlain(JSONPatch([operation]), on: document), "not spliced: \(operation)")
        }
        // Operations in order, each on the text the last one made.
        let sequence = JSONPatch([
            .add(path: pointer("items", "0"), value: ["id": 0]),
            .replace(path: pointer("items", "1", "score"), value: 2.5),
            .remove(path: pointer("items", "2")),
            .add(path: pointer("items", "0", "done"), value: false),
        ])
        #expect(expectSameAsPlain(sequence, on: document))
    }

    @Test func patchesThatFailOrCannotBeProvenAreNotSpliced() throws {
        let document = try Self.document()
        let cases: [PatchOperation] = [
            .replace(path: pointer("missing"), value: 1),
            .remove(path: pointer("missing")),
            .replace(path: pointer("items", "4"), value: 1),
            .replace(path: pointer("items", "-"), value: 1),
            .replace(path: pointer("items", "01"), value: 1),
            .replace(path: pointer("items", "x"), value: 1),
            .add(path: pointer("items", "5"), value: 1),
            .add(path: pointer("items", "00"), value: 1),
            .replace(path: pointer("ab", "deeper"), value: 1),
            .add(path: pointer("missing", "x"), value: 1),
            .add(path: pointer("cafe\u{301}"), value: "equivalent key: fails"),
            .replace(path: pointer("cafe\u{301}"), value: "not the same scalars"),
            .remove(path: pointer()),
            .test(path: pointer("ab"), value: "x"),
            .move(from: pointer("ab"), path: pointer("ba")),
            .copy(from: pointer("ab"), path: pointer("ba")),
        ]
        for operation in cases {
            #expect(!expectSameAsPlain(JSONPatch([operation]), on: document), "spliced: \(operation)")
        }
        // A later operation that fails undoes the splice of the earlier ones.
        let failsLate = JSONPatch([.replace(path: pointer("ab"), value: 1), .remove(path: pointer("missing"))])
        #expect(!expectSameAsPlain(failsLate, on: document))
    }

    @Test func randomPatchesBetweenRandomValuesMatchThePlainPath() throws {
        var random = RandomJSON(seed: 97)
        var spliced = 0
        for _ in 0..<2_000 {
            let before = random.value(depth: 4)
            let after = random.mutate(before)
            let patch = JSONPatch.make(from: before, to: after)
            if expectSameAsPlain(patch, on: before) { spliced += 1 }
            // Random pointers, most of which miss.
            var tokens: [String] = []
            for _ in 0..<random.int(0...3) {
                tokens.append(random.chance(50) ? random.key() : ["0", "1", "2", "-", "01", "7"][random.int(0...5)])
            }
            let value = random.value(depth: 2)
            for operation in [
                PatchOperation.add(path: JSONPointer(tokens: tokens), value: value),
                .replace(path: JSONPointer(tokens: tokens), value: value),
                .remove(path: JSONPointer(tokens: tokens)),
            ] {
                expectSameAsPlain(JSONPatch([operation]), on: before)
            }
        }
        #expect(spliced > 1_000)
    }

    /// One editor through a long chain of patches, as an export uses it: its
    /// remembered layouts must follow every edit, refusals included.
    @Test func oneEditorFollowsChainsOfPatchesAsThePlainPathDoes() throws {
        var random = RandomJSON(seed: 131)
        var spliced = 0
        var refused = 0
        for _ in 0..<40 {
            var value: JSONValue = ["items": random.identifiedArray(depth: 3), "log": [], "meta": random.value(depth: 3)]
            let editor = CanonicalTextEditor(text: value.canonicalBytes)
            for step in 0..<60 {
                var next = random.mutate(value)
                if random.chance(50), case .object(var members) = next {
                    // A log that grows, as real states do.
                    members["log"] = .array((members["log"]?.arrayValue ?? []) + [.string("entry \(step) \u{E9}")])
                    next = .object(members)
                }
                let patch = random.chance(10)
                    ? JSONPatch([.move(from: JSONPointer(tokens: ["log"]), path: JSONPointer(tokens: ["moved"]))])
                    : JSONPatch.make(from: value, to: next)
                let plain = try? patch.apply(to: value)
                if editor.apply(patch) {
                    spliced += 1
                    #expect(plain != nil, "spliced where the plain path fails")
                    if let plain, editor.text != plain.canonicalBytes {
                        Issue.record("step \(step): \(patch.jsonValue.canonicalText)\nspliced \(String(decoding: editor.text, as: UTF8.self))\nplain   \(plain.canonicalText)")
                        break
                    }
                } else {
                    refused += 1
                    #expect(editor.text == value.canonicalBytes, "a refusal changed the text")
                    // The caller takes the plain path and starts the editor over.
                    if let plain { editor.reset(to: plain.canonicalBytes) }
                }
                if let plain { value = plain }
            }
        }
        #expect(spliced > 1_500)
        #expect(refused > 100)
    }
}
