import UDFJSON

/// Reads a `JSONPath` from a cursor, stopping at the first character that
/// cannot continue it, so that predicates can embed paths.
enum JSONPathParser {
    static func parse(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> JSONPath {
        try expectStart(cursor, "expected a path starting with '.'")
        var components: [PathComponent] = []
        var isFirst = true
        while let character = cursor.current {
            if character == "." {
                cursor.advance()
                if cursor.current == "[" {
                    components.append(try parseBracket(&cursor))
                } else if let next = cursor.current, PathComponent.isKeyCharacter(next) {
                    let start = cursor.position
                    while let key = cursor.current, PathComponent.isKeyCharacter(key) { cursor.advance() }
                    components.append(.key(String(cursor.characters[start..<cursor.position])))
                } else if !isFirst || cursor.current == "." {
                    // The root alone is `.`; `..x` is no path, not `.x`.
                    throw cursor.failure("expected a key after '.'")
                }
            } else if character == "[" {
                components.append(try parseBracket(&cursor))
            } else {
                break
            }
            isFirst = false
        }
        return JSONPath(components: components)
    }

    /// Fails with `message` unless a path starts at the cursor. A key
    /// written without its dot (`todos.count`) gets the path it likely
    /// meant (`.todos.count`), as `jq` users and Swift's key paths write it.
    static func expectStart(_ cursor: SyntaxCursor, _ message: String) throws(SyntaxFailure) {
        guard cursor.current != "." && cursor.current != "[" else { return }
        guard let first = cursor.current, PathComponent.isKeyCharacter(first) else {
            throw cursor.failure(message)
        }
        var dotted = SyntaxCursor("." + String(cursor.characters[cursor.position...]))
        let meant = (try? parse(&dotted)).map { _ in String(dotted.characters[..<dotted.position]) }
        throw cursor.failure(meant.map { "\(message) (did you mean '\($0)'?)" } ?? message)
    }

    /// Reads `[3]`, `[*]`, `["key"]` or `[id=literal]`; the cursor sits on `[`.
    private static func parseBracket(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> PathComponent {
        cursor.advance()
        cursor.skipWhitespace()
        let component: PathComponent
        switch cursor.current {
        case "*":
            cursor.advance()
            component = .wildcard
        case "\"":
            component = .key(try JSONLiteralReader.readString(&cursor))
        case let character? where character.isASCII && character.isNumber:
            let start = cursor.position
            while let digit = cursor.current, digit.isASCII, digit.isNumber { cursor.advance() }
            guard let index = Int(String(cursor.characters[start..<cursor.position])) else {
                throw SyntaxFailure(message: "index too large", column: start + 1)
            }
            component = .index(index)
        default:
            guard cursor.consume("id") else {
                throw cursor.failure("expected an index, '*', a quoted key or 'id=' after '['")
            }
            cursor.skipWhitespace()
            guard cursor.consume("=") else { throw cursor.failure("expected '=' after 'id'") }
            cursor.skipWhitespace()
            let literalColumn = cursor.column
            let id = try JSONLiteralReader.read(&cursor)
            switch id {
            case .array, .object:
                throw SyntaxFailure(message: "expected a scalar id", column: literalColumn)
            default:
                component = .identity(id)
            }
        }
        cursor.skipWhitespace()
        guard cursor.consume("]") else { throw cursor.failure("expected ']'") }
        return component
    }
}
