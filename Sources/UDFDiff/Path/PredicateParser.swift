import UDFJSON

/// Recursive-descent reader for `Predicate` text.
enum PredicateParser {
    static func parse(_ text: String) throws(SyntaxFailure) -> Predicate {
        var cursor = SyntaxCursor(text)
        let predicate = try parseOr(&cursor)
        cursor.skipWhitespace()
        if let extra = cursor.current {
            throw cursor.failure(extra == ")" ? "unexpected ')'" : "expected 'and', 'or' or the end")
        }
        return predicate
    }

    private static func parseOr(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> Predicate {
        var result = try parseAnd(&cursor)
        while consumeKeyword("or", &cursor) {
            result = .or(result, try parseAnd(&cursor))
        }
        return result
    }

    private static func parseAnd(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> Predicate {
        var result = try parseUnary(&cursor)
        while consumeKeyword("and", &cursor) {
            result = .and(result, try parseUnary(&cursor))
        }
        return result
    }

    private static func parseUnary(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> Predicate {
        if consumeKeyword("not", &cursor) {
            return .not(try parseUnary(&cursor))
        }
        cursor.skipWhitespace()
        if cursor.consume("(") {
            let inner = try parseOr(&cursor)
            cursor.skipWhitespace()
            guard cursor.consume(")") else { throw cursor.failure("expected ')'") }
            return inner
        }
        return try parseComparison(&cursor)
    }

    private static func parseComparison(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> Predicate {
        if consumeKeyword("length", &cursor) {
            return try parseLength(&cursor)
        }
        cursor.skipWhitespace()
        try JSONPathParser.expectStart(cursor, cursor.isAtEnd ? "expected a path, found the end" : "expected a path")
        let path = try JSONPathParser.parse(&cursor)
        cursor.skipWhitespace()
        for op in [Predicate.ComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where cursor.consume(op.rawValue) {
            return .compare(path, op, try JSONLiteralReader.read(&cursor))
        }
        if consumeKeyword("contains", &cursor) {
            return .contains(path, try JSONLiteralReader.read(&cursor))
        }
        if consumeKeyword("exists", &cursor) {
            return .exists(path)
        }
        if consumeKeyword("matches", &cursor) {
            return .matches(path, try parseRegex(&cursor))
        }
        throw cursor.failure("expected a comparison operator")
    }

    /// Reads `(PATH) OP LITERAL` after the keyword `length`.
    private static func parseLength(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> Predicate {
        cursor.skipWhitespace()
        guard cursor.consume("(") else { throw cursor.failure("expected '(' after 'length'") }
        cursor.skipWhitespace()
        try JSONPathParser.expectStart(cursor, cursor.isAtEnd ? "expected a path, found the end" : "expected a path")
        let path = try JSONPathParser.parse(&cursor)
        cursor.skipWhitespace()
        guard cursor.consume(")") else { throw cursor.failure("expected ')'") }
        cursor.skipWhitespace()
        for op in [Predicate.ComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where cursor.consume(op.rawValue) {
            return .length(path, op, try JSONLiteralReader.read(&cursor))
        }
        throw cursor.failure("expected a comparison operator after 'length(…)'")
    }

    /// Reads `/pattern/` or `/pattern/i`; `\/` stands for a slash inside the pattern.
    private static func parseRegex(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> RegexPattern {
        cursor.skipWhitespace()
        let startColumn = cursor.column
        guard cursor.consume("/") else { throw cursor.failure("expected '/' to open a regular expression") }
        var source = ""
        while true {
            guard let character = cursor.current else {
                throw SyntaxFailure(message: "unterminated regular expression", column: startColumn)
            }
            cursor.advance()
            if character == "/" { break }
            if character == "\\", cursor.current == "/" {
                source.append("/")
                cursor.advance()
            } else {
                source.append(character)
            }
        }
        let caseInsensitive = cursor.current == "i" && !isWordCharacter(cursor.peek(1))
        if caseInsensitive { cursor.advance() }
        guard let pattern = RegexPattern(source, caseInsensitive: caseInsensitive) else {
            throw SyntaxFailure(message: "invalid regular expression", column: startColumn)
        }
        return pattern
    }

    /// Consumes `keyword` when it stands as a whole word after optional whitespace.
    private static func consumeKeyword(_ keyword: String, _ cursor: inout SyntaxCursor) -> Bool {
        var probe = cursor
        probe.skipWhitespace()
        guard probe.consume(keyword), !isWordCharacter(probe.current) else { return false }
        cursor = probe
        return true
    }

    private static func isWordCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }
}
