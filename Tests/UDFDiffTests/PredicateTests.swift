import Testing
import UDFJSON
@testable import UDFDiff

@Suite struct PredicateTests {
    private let state: JSONValue = [
        "cart": ["total": -5, "items": ["apple", "pear"]],
        "user": ["name": "Ann Lee", "roles": ["admin": true]],
        "todos": [
            ["id": 1, "title": "Buy milk", "done": false],
            ["id": 2, "title": "Call mum", "done": true],
        ],
        "filter": "all",
        "draft": nil,
    ]

    private func holds(_ text: String) throws -> Bool {
        try Predicate.parse(text).evaluate(on: state)
    }

    @Test func parsesTheGrammarWithPrecedence() throws {
        let predicate = try Predicate.parse(#"not .a == 1 or .b exists and (.c < 2.5 or .d matches /x\/y/i)"#)
        let a = JSONPath(components: [.key("a")])
        let b = JSONPath(components: [.key("b")])
        let c = JSONPath(components: [.key("c")])
        let d = JSONPath(components: [.key("d")])
        let pattern = try #require(RegexPattern("x/y", caseInsensitive: true))
        #expect(predicate == .or(
            .not(.compare(a, .equal, 1)),
            .and(.exists(b), .or(.compare(c, .less, 2.5), .matches(d, pattern)))))
        #expect(predicate.description == #"not .a == 1 or (.b exists and (.c < 2.5 or .d matches /x\/y/i))"#)
        #expect(try Predicate.parse(predicate.description) == predicate)
    }

    @Test func comparesNumbersStringsAndMismatchedTypes() throws {
        #expect(try holds(".cart.total < 0"))
        #expect(try holds(".cart.total == -5.0"))
        #expect(try !holds(".cart.total >= 0"))
        #expect(try holds(#".filter == "all""#))
        #expect(try holds(#".filter < "b""#))
        #expect(try !holds(#".cart.total < "0""#))
        #expect(try holds(#".cart.total != "x""#))
        #expect(try holds(".draft == null"))
        #expect(try holds(#".cart.items == ["apple", "pear"]"#))
        #expect(try !holds(".missing == null"))
        #expect(try !holds(".missing != 1"))
        let big: JSONValue = ["n": .number(JSONNumber(exactly: 9_007_199_254_740_993 as Int64))]
        #expect(try !Predicate.parse(".n == 9007199254740992").evaluate(on: big))
        #expect(try Predicate.parse(".n > 9007199254740992").evaluate(on: big))
    }

    @Test func wildcardsHoldWhenAnyValueSatisfies() throws {
        #expect(try holds(".todos[*].done == true"))
        #expect(try !holds(#".todos[*].title == "Walk dog""#))
        #expect(try holds(".todos[id=2].done == true"))
        #expect(try holds(".todos[*].title matches /^Call/"))
        #expect(try !holds(".todos[*].title matches /^call/"))
        #expect(try holds(".todos[*].title matches /^call/i"))
    }

    @Test func containsExistsAndLogic() throws {
        #expect(try holds(#".user.name contains "Lee""#))
        #expect(try holds(#".cart.items contains "pear""#))
        #expect(try holds(#".user.roles contains "admin""#))
        #expect(try !holds(#".user.roles contains "guest""#))
        #expect(try holds(".draft exists"))
        #expect(try !holds(".user.email exists"))
        #expect(try holds(".user.email exists or .cart.total < 0"))
        #expect(try !holds(".user.email exists and .cart.total < 0"))
        #expect(try holds("not .user.email exists"))
        #expect(try holds("not (.user.email exists or .draft != null)"))
    }

    @Test func syntaxErrorsCarryColumns() {
        #expect(throws: PredicateSyntaxError(message: "expected a comparison operator", column: 9)) {
            try Predicate.parse(".a.b.c  42")
        }
        #expect(throws: PredicateSyntaxError(message: "expected a path (did you mean '.total'?)", column: 1)) { try Predicate.parse("total < 0") }
        #expect(throws: PredicateSyntaxError(message: "expected a path (did you mean '.todos.count'?)", column: 5)) { try Predicate.parse("not todos.count > 2") }
        #expect(throws: PredicateSyntaxError(message: "expected a path (did you mean '.items'?)", column: 8)) { try Predicate.parse("length(items) > 2") }
        #expect(throws: PredicateSyntaxError(message: "expected a path", column: 1)) { try Predicate.parse("< 0") }
        #expect(throws: PredicateSyntaxError(message: "expected a JSON value", column: 6)) { try Predicate.parse(".a < ") }
        #expect(throws: PredicateSyntaxError(message: "expected ')'", column: 12)) { try Predicate.parse("(.a exists x") }
        #expect(throws: PredicateSyntaxError(message: "expected 'and', 'or' or the end", column: 11)) {
            try Predicate.parse(".a exists .b exists")
        }
        #expect(throws: PredicateSyntaxError(message: "invalid regular expression", column: 12)) {
            try Predicate.parse(".a matches /(/")
        }
        #expect(throws: PredicateSyntaxError(message: "expected ']'", column: 6)) { try Predicate.parse(".a[1 == 2") }
        #expect(throws: PredicateSyntaxError(message: "expected a path, found the end", column: 5)) { try Predicate.parse("not ") }
        let error = PredicateSyntaxError(message: "expected a comparison operator", column: 9)
        #expect(error.description == "expected a comparison operator at column 9")
    }
}
