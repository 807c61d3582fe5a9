import Testing
import UDFJSON
@testable import UDFDiff

@Suite struct PathsDiffRendererTests {
    private let before: JSONValue = [
        "filter": "all",
        "todos": [
            ["id": 1, "title": "Milk", "done": false],
            ["id": 3, "title": "Tea", "done": false],
            ["id": 4, "title": "Jam", "done": false],
            ["id": 5, "title": "Rice", "done": false],
            ["id": 2, "title": "Eggs", "done": false],
        ],
        "tags": ["a", "b"],
    ]
    private let after: JSONValue = [
        "filter": "active",
        "todos": [
            ["id": 2, "title": "Eggs", "done": false],
            ["id": 1, "title": "Milk", "done": false],
            ["id": 3, "title": "Tea", "done": true],
            ["id": 5, "title": "Rice", "done": false],
            ["id": 9, "title": "Bread", "done": false],
        ],
        "tags": ["a", "c", "b"],
    ]

    @Test func oneLinePerChange() throws {
        let node = try #require(JSONDiff.diff(before, after))
        #expect(PathsDiffRenderer().render(node) == """
            .filter: "all" → "active"
            .tags[1]: added "c"
            .todos[id=2]: moved 4 → 0
            .todos[id=3].done: false → true
            .todos[id=4]: removed {"done":false,"id":4,"title":"Jam"}
            .todos[id=9]: added {"done":false,"id":9,"title":"Bread"}
            """)
        #expect(node.changedPaths.map(\.description) == [
            ".filter", ".tags[1]", ".todos[id=2]", ".todos[id=3].done", ".todos[id=4]", ".todos[id=9]",
        ])
        #expect(try node.patch().apply(to: before) == after)
    }

    @Test func theTreeOfTheSameDiff() throws {
        let node = try #require(JSONDiff.diff(before, after))
        #expect(TreeDiffRenderer().render(node) == """
              {
            -   "filter": "all"
            +   "filter": "active"
                "tags": [
                  [0]: "a"
            +     [1]: "c"
                  [2]: "b"
                ]
                "todos": [
                  [id=2] moved 4 → 0
                  [id=1]: {…}
                  [id=3]: {
            -       "done": false
            +       "done": true
                    … (2 unchanged)
                  }
            -     [id=4]: {
            -       "done": false
            -       "id": 4
            -       "title": "Jam"
            -     }
                  [id=5]: {…}
            +     [id=9]: {
            +       "done": false
            +       "id": 9
            +       "title": "Bread"
            +     }
                ]
              }
            """)
    }

    @Test func rootAndTextChanges() throws {
        let scalar = try #require(JSONDiff.diff(1, "1"))
        #expect(PathsDiffRenderer().render(scalar) == #".: 1 → "1""#)
        let text = try #require(JSONDiff.diff(["notes": "a\nb"], ["notes": "a\nc"]))
        #expect(PathsDiffRenderer().render(text) == #".notes: "a\nb" → "a\nc""#)
    }
}
