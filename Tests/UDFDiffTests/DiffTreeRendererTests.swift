import Testing
import UDFJSON
@testable import UDFDiff

@Suite struct DiffTreeRendererTests {
    private func tree(_ a: JSONValue, _ b: JSONValue) -> String? {
        JSONDiff.diff(a, b).map { TreeDiffRenderer().render($0) }
    }

    @Test func equalValuesHaveNoDiff() {
        let value: JSONValue = ["todos": [["id": 1, "title": "Milk"]], "filter": "all"]
        #expect(JSONDiff.diff(value, value) == nil)
        #expect(JSONDiff.diff(nil, nil) == nil)
    }

    @Test func scalarChange() {
        #expect(tree(1, 2) == """
            - 1
            + 2
            """)
    }

    @Test func nestedObject() {
        let a: JSONValue = ["filter": "all", "user": ["name": "Ann", "age": 31, "email": "ann@example.com"], "count": 3]
        let b: JSONValue = ["filter": "all", "user": ["name": "Bob", "age": 31, "email": "ann@example.com"], "count": 3]
        #expect(tree(a, b) == """
              {
                … (2 unchanged)
                "user": {
                  … (2 unchanged)
            -     "name": "Ann"
            +     "name": "Bob"
                }
              }
            """)
    }

    @Test func addedAndRemovedKeysWithASingleUnchangedSibling() {
        let a: JSONValue = ["settings": ["theme": "dark"], "token": "x"]
        let b: JSONValue = ["settings": ["theme": "dark"], "session": ["id": 7]]
        #expect(tree(a, b) == """
              {
            +   "session": {
            +     "id": 7
            +   }
                "settings": {…}
            -   "token": "x"
              }
            """)
    }

    @Test func insertionInTheMiddleOfAThousandElements() throws {
        let a = JSONValue.array((0..<1_000).map { .number(JSONNumber($0)) })
        var elements = (0..<1_000).map { JSONValue.number(JSONNumber($0)) }
        elements.insert(-1, at: 500)
        let b = JSONValue.array(elements)
        #expect(tree(a, b) == """
              [
                … (500 unchanged)
            +   [500]: -1
                … (500 unchanged)
              ]
            """)
        let patch = JSONPatch.make(from: a, to: b)
        #expect(patch.operations == [.add(path: try JSONPointer(parsing: "/500"), value: -1)])
    }

    @Test func moveByID() {
        let a: JSONValue = ["todos": [["id": 1], ["id": 2], ["id": 3], ["id": 4], ["id": 5]]]
        let b: JSONValue = ["todos": [["id": 5], ["id": 1], ["id": 2], ["id": 3], ["id": 4]]]
        #expect(tree(a, b) == """
              {
                "todos": [
                  [id=5] moved 4 → 0
                  … (4 unchanged)
                ]
              }
            """)
    }

    @Test func editByID() {
        let a: JSONValue = ["todos": [
            ["id": 1, "title": "Milk", "done": false],
            ["id": 2, "title": "Eggs", "done": false],
            ["id": 3, "title": "Tea", "done": false],
        ]]
        let b: JSONValue = ["todos": [
            ["id": 1, "title": "Milk", "done": false],
            ["id": 3, "title": "Green tea", "done": true],
            ["id": 9, "title": "Bread", "done": false],
        ]]
        #expect(tree(a, b) == """
              {
                "todos": [
                  [id=1]: {…}
            -     [id=2]: {
            -       "done": false
            -       "id": 2
            -       "title": "Eggs"
            -     }
                  [id=3]: {
            -       "done": false
            +       "done": true
                    "id": 3
            -       "title": "Tea"
            +       "title": "Green tea"
                  }
            +     [id=9]: {
            +       "done": false
            +       "id": 9
            +       "title": "Bread"
            +     }
                ]
              }
            """)
    }

    @Test func movedAndEditedByID() {
        let a: JSONValue = [["id": "a", "n": 1], ["id": "b", "n": 2], ["id": "c", "n": 3]]
        let b: JSONValue = [["id": "c", "n": 30], ["id": "a", "n": 1], ["id": "b", "n": 2]]
        #expect(tree(a, b) == """
              [
                [id="c"] moved 2 → 0: {
                  "id": "c"
            -     "n": 3
            +     "n": 30
                }
                … (2 unchanged)
              ]
            """)
    }

    @Test func typeChange() {
        let a: JSONValue = ["tags": ["a", "b"], "title": "Milk"]
        let b: JSONValue = ["tags": "a,b", "title": "Milk"]
        #expect(tree(a, b) == """
              {
            -   "tags": [
            -     "a"
            -     "b"
            -   ]
            +   "tags": "a,b"
                "title": "Milk"
              }
            """)
    }

    @Test func nullToObject() {
        let a: JSONValue = ["user": nil, "loading": true]
        let b: JSONValue = ["user": ["name": "Ann"], "loading": false]
        #expect(tree(a, b) == """
              {
            -   "loading": true
            +   "loading": false
            -   "user": null
            +   "user": {
            +     "name": "Ann"
            +   }
              }
            """)
    }

    @Test func multiLineString() {
        let a: JSONValue = ["notes": "Buy milk\nCall Ann\nPay rent"]
        let b: JSONValue = ["notes": "Buy milk\nCall Bob\nPay rent\nWalk dog"]
        #expect(tree(a, b) == """
              {
                "notes": \"""
                  Buy milk
            -     Call Ann
            +     Call Bob
                  Pay rent
            +     Walk dog
                \"""
              }
            """)
    }

    @Test func changedObjectsInAPlainArrayNest() {
        let a: JSONValue = [["x": 1, "y": 2], "keep"]
        let b: JSONValue = [["x": 1, "y": 3], "keep"]
        #expect(tree(a, b) == """
              [
                [0]: {
                  "x": 1
            -     "y": 2
            +     "y": 3
                }
                [1]: "keep"
              ]
            """)
    }

    @Test func colourWrapsOnlyChangedLines() {
        let node = JSONDiff.diff(["a": 1, "b": 2], ["a": 1, "b": 3])
        #expect(node.map { TreeDiffRenderer(colour: true).render($0) } == """
              {
                "a": 1
            \u{1B}[31m-   "b": 2\u{1B}[0m
            \u{1B}[32m+   "b": 3\u{1B}[0m
              }
            """)
    }
}
