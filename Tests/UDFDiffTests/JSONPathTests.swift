import Testing
import UDFJSON
@testable import UDFDiff

@Suite struct JSONPathTests {
    private let state: JSONValue = [
        "filter": "all",
        "todos": [
            ["id": 1, "title": "Milk", "done": false],
            ["id": "abc", "title": "Eggs", "done": true],
        ],
        "key with spaces": ["x": 1],
    ]

    @Test func parsesEveryComponent() throws {
        #expect(try JSONPath(parsing: ".").components == [])
        #expect(try JSONPath(parsing: ".a.b[3]").components == [.key("a"), .key("b"), .index(3)])
        #expect(try JSONPath(parsing: #".["key with spaces"].x"#).components == [.key("key with spaces"), .key("x")])
        #expect(try JSONPath(parsing: ".todos[*].done").components == [.key("todos"), .wildcard, .key("done")])
        #expect(try JSONPath(parsing: ".todos[id=42]").components == [.key("todos"), .identity(42)])
        #expect(try JSONPath(parsing: #".todos[id="abc"]"#).components == [.key("todos"), .identity("abc")])
        #expect(try JSONPath(parsing: "[0]").components == [.index(0)])
    }

    @Test func descriptionRoundTrips() throws {
        for text in [".", ".a.b[3]", #".["key with spaces"].x"#, ".todos[*].done", ".todos[id=42]", #".todos[id="abc"]"#] {
            #expect(try JSONPath(parsing: text).description == text)
        }
        #expect(JSONPath(components: [.key("9lives"), .key("a.b")]).description == #".["9lives"].["a.b"]"#)
    }

    @Test func syntaxErrorsCarryColumns() {
        #expect(throws: PathSyntaxError(message: "expected ']'", column: 7)) { try JSONPath(parsing: ".a[12 x") }
        #expect(throws: PathSyntaxError(message: "expected a path starting with '.' (did you mean '.a'?)", column: 1)) { try JSONPath(parsing: "a") }
        #expect(throws: PathSyntaxError(message: "expected a path starting with '.' (did you mean '.todos[id=2].title'?)", column: 1)) {
            try JSONPath(parsing: "todos[id=2].title")
        }
        // No guess where the dotted text is no path either, nor for what no key starts with.
        #expect(throws: PathSyntaxError(message: "expected a path starting with '.'", column: 1)) { try JSONPath(parsing: "todos[") }
        #expect(throws: PathSyntaxError(message: "expected a path starting with '.'", column: 1)) { try JSONPath(parsing: "-a") }
        #expect(throws: PathSyntaxError(message: "expected a key after '.'", column: 4)) { try JSONPath(parsing: ".a.") }
        #expect(throws: PathSyntaxError(message: "expected a key after '.'", column: 2)) { try JSONPath(parsing: "..a") }
        #expect(throws: PathSyntaxError(message: "expected a key after '.'", column: 2)) { try JSONPath(parsing: "..") }
        #expect(throws: PathSyntaxError(message: "unterminated string", column: 3)) { try JSONPath(parsing: #".["abc"#) }
        #expect(throws: PathSyntaxError(message: "unexpected ' '", column: 3)) { try JSONPath(parsing: ".a b") }
        #expect(throws: PathSyntaxError(message: "expected a scalar id", column: 5)) { try JSONPath(parsing: "[id=[1]]") }
        #expect((try? JSONPath(parsing: ".a[12 x")) == nil)
        let error = PathSyntaxError(message: "expected ']'", column: 7)
        #expect(error.description == "expected ']' at column 7")
    }

    @Test func selectsConcretePaths() throws {
        let selected = try JSONPath(parsing: ".todos[*].title").select(in: state)
        #expect(selected.map(\.path.description) == [".todos[0].title", ".todos[1].title"])
        #expect(selected.map(\.value) == ["Milk", "Eggs"])
        let byID = try JSONPath(parsing: #".todos[id="abc"].done"#).select(in: state)
        #expect(byID.map(\.path.description) == [#".todos[id="abc"].done"#])
        #expect(byID.map(\.value) == [true])
        #expect(try JSONPath(parsing: ".todos[id=1.0].title").select(in: state).map(\.value) == ["Milk"])
        #expect(try JSONPath(parsing: ".missing.x").select(in: state).isEmpty)
        #expect(try JSONPath(parsing: ".todos[5]").select(in: state).isEmpty)
        #expect(try JSONPath(parsing: ".").select(in: state).map(\.value) == [state])
        let members = try JSONPath(parsing: #".["key with spaces"][*]"#).select(in: state)
        #expect(members.map(\.path.description) == [#".["key with spaces"].x"#])
    }

    /// What a predicate reads: the values `select` gives, in its order, for
    /// every kind of component, on a match and on a miss.
    @Test func valuesAreTheSelectedValuesWithoutPaths() throws {
        for text in [".todos[*].title", #".todos[id="abc"].done"#, ".todos[id=1.0]", ".todos[1]", ".todos[5]", ".missing.x",
                     ".", "[*]", #".["key with spaces"][*]"#, ".[*][*]", ".filter[0]"] {
            let path = try JSONPath(parsing: text)
            #expect(path.values(in: state) == path.select(in: state).map(\.value), "\(text)")
        }
        #expect(try JSONPath(parsing: ".[*][*]").values(in: state).count == 3)
    }

    @Test func resolvesPointers() throws {
        #expect(try JSONPath(parsing: #".todos[id="abc"].title"#).pointer(in: state)?.description == "/todos/1/title")
        #expect(try JSONPath(parsing: ".todos[0]").pointer(in: state)?.description == "/todos/0")
        #expect(try JSONPath(parsing: ".").pointer(in: state) == .root)
        #expect(try JSONPath(parsing: ".newKey").pointer(in: state)?.description == "/newKey")
        #expect(try JSONPath(parsing: ".todos[*]").pointer(in: state) == nil)
        #expect(try JSONPath(parsing: ".todos[id=9]").pointer(in: state) == nil)
    }
}
