import TestSupport
import Testing
import UDFJSON
@testable import UDFDiff

@Suite struct JSONPatchTests {
    /// Reads a patch written as JSON-like Swift literals.
    private func patch(_ operations: JSONValue) throws -> JSONPatch {
        try JSONPatch(jsonValue: operations)
    }

    private func failure(_ operations: JSONValue, on document: JSONValue) throws -> String? {
        do {
            _ = try patch(operations).apply(to: document)
            return nil
        } catch let error as JSONPatchError {
            return error.description
        }
    }

    // MARK: RFC 6902 Appendix A

    @Test func addingAnObjectMember() throws {
        let result = try patch([["op": "add", "path": "/baz", "value": "qux"]]).apply(to: ["foo": "bar"])
        #expect(result == ["baz": "qux", "foo": "bar"])
    }

    @Test func addingAnArrayElement() throws {
        let result = try patch([["op": "add", "path": "/foo/1", "value": "qux"]]).apply(to: ["foo": ["bar", "baz"]])
        #expect(result == ["foo": ["bar", "qux", "baz"]])
    }

    @Test func removingAnObjectMember() throws {
        let result = try patch([["op": "remove", "path": "/baz"]]).apply(to: ["baz": "qux", "foo": "bar"])
        #expect(result == ["foo": "bar"])
    }

    @Test func removingAnArrayElement() throws {
        let result = try patch([["op": "remove", "path": "/foo/1"]]).apply(to: ["foo": ["bar", "qux", "baz"]])
        #expect(result == ["foo": ["bar", "baz"]])
    }

    @Test func replacingAValue() throws {
        let result = try patch([["op": "replace", "path": "/baz", "value": "boo"]]).apply(to: ["baz": "qux", "foo": "bar"])
        #expect(result == ["baz": "boo", "foo": "bar"])
    }

    @Test func movingAValue() throws {
        let document: JSONValue = ["foo": ["bar": "baz", "waldo": "fred"], "qux": ["corge": "grault"]]
        let result = try patch([["op": "move", "from": "/foo/waldo", "path": "/qux/thud"]]).apply(to: document)
        #expect(result == ["foo": ["bar": "baz"], "qux": ["corge": "grault", "thud": "fred"]])
    }

    @Test func movingAnArrayElement() throws {
        let document: JSONValue = ["foo": ["all", "grass", "cows", "eat"]]
        let result = try patch([["op": "move", "from": "/foo/1", "path": "/foo/3"]]).apply(to: document)
        #expect(result == ["foo": ["all", "cows", "eat", "grass"]])
    }

    @Test func testingAValueSucceeds() throws {
        let document: JSONValue = ["baz": "qux", "foo": ["a", 2, "c"]]
        let result = try patch([
            ["op": "test", "path": "/baz", "value": "qux"],
            ["op": "test", "path": "/foo/1", "value": 2],
        ]).apply(to: document)
        #expect(result == document)
    }

    @Test func testingAValueFails() throws {
        #expect(try failure([["op": "test", "path": "/baz", "value": "bar"]], on: ["baz": "qux"])
            == #"patch operation 0 (test): test failed at /baz: expected "bar", found "qux""#)
    }

    @Test func addingANestedMemberObject() throws {
        let result = try patch([["op": "add", "path": "/child", "value": ["grandchild": [:]]]]).apply(to: ["foo": "bar"])
        #expect(result == ["foo": "bar", "child": ["grandchild": [:]]])
    }

    @Test func addingToANonexistentTargetFails() throws {
        #expect(try failure([["op": "add", "path": "/baz/bat", "value": "qux"]], on: ["foo": "bar"])
            == "patch operation 0 (add): path /baz does not exist")
    }

    @Test func tildeEscapeOrdering() throws {
        let document: JSONValue = ["/": 9, "~1": 10]
        let result = try patch([["op": "test", "path": "/~01", "value": 10]]).apply(to: document)
        #expect(result == document)
        let failed = try failure([["op": "test", "path": "/~01", "value": "10"]], on: document)
        #expect(failed == #"patch operation 0 (test): test failed at /~01: expected "10", found 10"#)
    }

    @Test func addingAnArrayValue() throws {
        let result = try patch([["op": "add", "path": "/foo/-", "value": ["abc", "def"]]]).apply(to: ["foo": ["bar"]])
        #expect(result == ["foo": ["bar", ["abc", "def"]]])
    }

    // MARK: Errors and edge cases

    @Test func removeFromAMissingPath() throws {
        let document: JSONValue = ["todos": [1, 2, 3]]
        #expect(try failure([
            ["op": "test", "path": "/todos/0", "value": 1],
            ["op": "replace", "path": "/todos/0", "value": 0],
            ["op": "remove", "path": "/todos/7"],
        ], on: document) == "patch operation 2 (remove): path /todos/7 does not exist")
        #expect(try failure([["op": "remove", "path": "/user/name"]], on: document)
            == "patch operation 0 (remove): path /user does not exist")
    }

    /// An error deep in a pointer names the pointer up to the token that failed.
    @Test func anErrorBelowTheTopNamesThePointerUpToWhereItFailed() throws {
        let document: JSONValue = ["a": ["b": 1], "list": [["n": 1], ["n": 2]]]
        let cases: [(JSONValue, String)] = [
            (["op": "replace", "path": "/a/x/c", "value": 0], "path /a/x does not exist"),
            (["op": "replace", "path": "/list/7/n", "value": 0], "path /list/7 does not exist"),
            (["op": "remove", "path": "/list/01/n"], #"invalid array index "01" at /list/01"#),
            (["op": "add", "path": "/list/-/n", "value": 0], "'-' (the end of the array) is only valid for add, at /list/-"),
            (["op": "test", "path": "/a/x/c", "value": 0], "path /a/x does not exist"),
            (["op": "copy", "from": "/list/2/n", "path": "/c"], "path /list/2 does not exist"),
            (["op": "test", "path": "/a/b/c", "value": 0], "path /a/b/c does not exist"),
        ]
        for (operation, reason) in cases {
            let name = operation["op"]?.stringValue ?? ""
            #expect(try failure([operation], on: document) == "patch operation 0 (\(name)): \(reason)")
        }
    }

    @Test func operationsAreAtomic() throws {
        let document: JSONValue = ["a": 1]
        let broken = try patch([
            ["op": "replace", "path": "/a", "value": 2],
            ["op": "remove", "path": "/missing"],
        ])
        #expect(throws: JSONPatchError.self) { try broken.apply(to: document) }
        #expect(document == ["a": 1])
    }

    @Test func invalidPointerSyntax() throws {
        #expect(throws: JSONPatchError(.invalidPointer("a/b", reason: "must be empty or start with '/'"))) {
            try JSONPointer(parsing: "a/b")
        }
        #expect(try failure([["op": "remove", "path": "todos"]], on: ["todos": 1])
            == #"patch operation 0 (remove): invalid JSON pointer "todos": must be empty or start with '/'"#)
        #expect(try failure([["op": "remove", "path": "/a~2b"]], on: ["a": 1])
            == #"patch operation 0 (remove): invalid JSON pointer "/a~2b": '~' must be followed by '0' or '1'"#)
    }

    /// RFC 6901 escapes code points, not Characters: a `~` or `/` followed by
    /// a combining mark is escaped, and read back, like any other.
    @Test(arguments: ["~\u{301}", "/\u{301}", "a/\u{301}b", "~0\u{301}", "\u{301}/", "caf\u{E9}/cafe\u{301}", "~", "/"])
    func pointerEscapesHoldBesideCombiningMarks(_ key: String) throws {
        let pointer = JSONPointer(tokens: [key, "x"])
        let parsed = try JSONPointer(parsing: pointer.description)
        #expect(parsed.tokens.count == 2)
        #expect(parsed.tokens[0].unicodeScalars.elementsEqual(key.unicodeScalars))
        let before: JSONValue = [:]
        let after: JSONValue = .object([key: ["x": 1]])
        var patched = before
        try JSONPatch.make(from: before, to: after).apply(inPlace: &patched)
        #expect(patched.canonicalBytes == after.canonicalBytes)
    }

    @Test func aTildeBeforeACombiningMarkIsNotAnEscape() {
        #expect(throws: JSONPatchError(.invalidPointer("/a~\u{301}", reason: "'~' must be followed by '0' or '1'"))) {
            try JSONPointer(parsing: "/a~\u{301}")
        }
        #expect(throws: Never.self) { try JSONPointer(parsing: "/\u{301}") }
    }

    @Test func pointerEscapesRoundTrip() throws {
        let pointer = try JSONPointer(parsing: "/a~1b/c~0d/~01/")
        #expect(pointer.tokens == ["a/b", "c~d", "~1", ""])
        #expect(pointer.description == "/a~1b/c~0d/~01/")
        #expect(JSONPointer(tokens: ["m~n", "o/p"]).description == "/m~0n/o~1p")
        #expect(try JSONPointer(parsing: "").tokens == [])
        let result = try patch([["op": "replace", "path": "/a~1b", "value": 2]]).apply(to: ["a/b": 1])
        #expect(result == ["a/b": 2])
    }

    /// Random tokens over an alphabet of separators, escapes, combining
    /// marks and empty strings survive printing and parsing, token for token.
    @Test func randomPointersRoundTrip() throws {
        var random = SplitMix64(seed: 6901)
        let pieces = ["a", "/", "~", "0", "1", "~0", "~1", "\u{301}", "\u{E9}", "e\u{301}", " ", "-", "😀"]
        for _ in 0..<500 {
            let tokens = (0..<Int(random.next() % 5)).map { _ in
                (0..<Int(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            }
            let pointer = JSONPointer(tokens: tokens)
            let parsed = try JSONPointer(parsing: pointer.description)
            #expect(parsed.tokens.count == tokens.count, "\(pointer)")
            #expect(zip(parsed.tokens, tokens).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }, "\(pointer)")
        }
    }

    @Test func dashIsTheEndOfAnArrayOnlyForAdd() throws {
        let result = try patch([["op": "add", "path": "/list/-", "value": 4]]).apply(to: ["list": [1, 2, 3]])
        #expect(result == ["list": [1, 2, 3, 4]])
        #expect(try failure([["op": "remove", "path": "/list/-"]], on: ["list": [1]])
            == "patch operation 0 (remove): '-' (the end of the array) is only valid for add, at /list/-")
        #expect(try failure([["op": "replace", "path": "/list/-", "value": 1]], on: ["list": [1]])
            == "patch operation 0 (replace): '-' (the end of the array) is only valid for add, at /list/-")
    }

    @Test func arrayIndicesAreStrict() throws {
        #expect(try failure([["op": "add", "path": "/list/4", "value": 9]], on: ["list": [1, 2, 3]])
            == "patch operation 0 (add): index 4 at /list/4 is out of range for an array of 3 elements")
        #expect(try failure([["op": "replace", "path": "/list/01", "value": 9]], on: ["list": [1, 2, 3]])
            == #"patch operation 0 (replace): invalid array index "01" at /list/01"#)
        #expect(try failure([["op": "add", "path": "/list/x", "value": 9]], on: ["list": [1]])
            == #"patch operation 0 (add): invalid array index "x" at /list/x"#)
        let appended = try patch([["op": "add", "path": "/list/3", "value": 4]]).apply(to: ["list": [1, 2, 3]])
        #expect(appended == ["list": [1, 2, 3, 4]])
    }

    @Test func moveIntoOwnChildIsRejected() throws {
        #expect(try failure([["op": "move", "from": "/a", "path": "/a/b"]], on: ["a": ["c": 1]])
            == "patch operation 0 (move): cannot move /a into its own child /a/b")
        let unchanged = try patch([["op": "move", "from": "/a", "path": "/a"]]).apply(to: ["a": 1])
        #expect(unchanged == ["a": 1])
        #expect(try failure([["op": "move", "from": "/x", "path": "/y"]], on: ["a": 1])
            == "patch operation 0 (move): path /x does not exist")
    }

    @Test func testComparesNumbersByValueAndDeeply() throws {
        let document: JSONValue = ["n": 1, "o": ["a": [1, 2], "b": nil]]
        let result = try patch([
            ["op": "test", "path": "/n", "value": .number(JSONNumber(literal: "1.0") ?? JSONNumber(0))],
            ["op": "test", "path": "/o", "value": ["b": nil, "a": [1, 2.0]]],
        ]).apply(to: document)
        #expect(result == document)
        #expect(try failure([["op": "test", "path": "/o", "value": ["a": [2, 1], "b": nil]]], on: document)
            == #"patch operation 0 (test): test failed at /o: expected {"a":[2,1],"b":null}, found {"a":[1,2],"b":null}"#)
    }

    @Test func copyAndRootOperations() throws {
        let copied = try patch([["op": "copy", "from": "/a", "path": "/b"]]).apply(to: ["a": [1]])
        #expect(copied == ["a": [1], "b": [1]])
        let replaced = try patch([["op": "replace", "path": "", "value": [1, 2]]]).apply(to: ["a": 1])
        #expect(replaced == [1, 2])
        #expect(try failure([["op": "remove", "path": ""]], on: ["a": 1])
            == "patch operation 0 (remove): cannot remove the whole document")
        #expect(try failure([["op": "add", "path": "/a/b", "value": 1]], on: ["a": 1])
            == "patch operation 0 (add): path /a is a number, not an object or array")
    }

    @Test func malformedPatchDocuments() throws {
        #expect(throws: JSONPatchError(.invalidDocument("a JSON Patch must be an array, found object"))) {
            try JSONPatch(jsonValue: ["op": "add"])
        }
        #expect(throws: JSONPatchError(.invalidDocument(#"unknown op "jump""#), operationIndex: 1)) {
            try JSONPatch(jsonValue: [["op": "remove", "path": "/a"], ["op": "jump", "path": "/a"]])
        }
        #expect(throws: JSONPatchError(.invalidDocument(#"missing member "value""#), operationIndex: 0, operationName: "add")) {
            try JSONPatch(jsonValue: [["op": "add", "path": "/a"]])
        }
        let error = JSONPatchError(.invalidDocument(#"missing string member "from""#), operationIndex: 3, operationName: "move")
        #expect(error.description == #"patch operation 3 (move): missing string member "from""#)
    }

    @Test func frontInsertionIntoTenThousandElementsIsOneAdd() throws {
        let old = (0..<10_000).map { JSONValue.number(JSONNumber($0)) }
        let a: JSONValue = ["items": .array(old)]
        let b: JSONValue = ["items": .array(["first"] + old)]
        let patch = JSONPatch.make(from: a, to: b)
        #expect(patch.operations == [.add(path: JSONPointer(tokens: ["items", "0"]), value: "first")])
        #expect(try patch.apply(to: a) == b)
    }

    @Test func identityMovesFollowTheDocumentedOrder() throws {
        let a: JSONValue = [["id": 1], ["id": 2], ["id": 3], ["id": 4], ["id": 5, "n": 0]]
        let b: JSONValue = [["id": 5, "n": 1], ["id": 1], ["id": 3], ["id": 4], ["id": 6]]
        let patch = JSONPatch.make(from: a, to: b)
        #expect(compactJSON(patch.jsonValue) == """
            [{"op":"remove","path":"/1"},\
            {"from":"/3","op":"move","path":"/0"},\
            {"op":"add","path":"/4","value":{"id":6}},\
            {"op":"replace","path":"/0/n","value":1}]
            """)
        #expect(try patch.apply(to: a) == b)
    }

    /// A document held once is changed in place: the list an operation
    /// writes into keeps its buffer (it has room to grow), at the end of a
    /// path and on the way to one, instead of being copied per operation.
    @Test func operationsOnAListHeldOnceChangeItInPlace() throws {
        var log: [JSONValue] = (0..<1_000).map { .string("entry \($0)") }
        log.reserveCapacity(2_000)
        var items: [JSONValue] = (0..<100).map { ["n": .number(JSONNumber($0))] }
        items.reserveCapacity(200)
        var document: JSONValue = ["log": .array(log), "items": .array(items), "n": 0]
        log = []
        items = []
        func identities() -> [JSONStorageIdentity?] { [document["log"]?.storageIdentity, document["items"]?.storageIdentity] }
        let before = identities()
        #expect(before.allSatisfy { $0 != nil })
        let patch = try JSONPatch(jsonValue: JSONParser().parse("""
            [{"op":"add","path":"/log/-","value":"new"},{"op":"add","path":"/log/3","value":"inserted"},
            {"op":"replace","path":"/log/0","value":"first"},{"op":"remove","path":"/log/1"},
            {"op":"replace","path":"/items/5/n","value":-0.0},{"op":"add","path":"/items/-","value":{"n":1}},
            {"op":"remove","path":"/items/0"},{"op":"replace","path":"/n","value":1}]
            """))
        try patch.apply(inPlace: &document)
        #expect(identities() == before)
        #expect(document["log"]?.arrayValue?.count == 1_001)
        #expect(document["log"]?.arrayValue?.first == "first")
        #expect(document["items"]?.arrayValue?.count == 100)
    }
}
