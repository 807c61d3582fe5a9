import UDFJSON

/// Reads one JSON literal (scalar, array or object) from query text.
///
/// Queries embed literals such as `"active"`, `42` or `[1, 2]`; this reader
/// keeps UDFDiff independent of a full JSON parser and reports columns.
enum JSONLiteralReader {
    static func read(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> JSONValue {
        cursor.skipWhitespace()
        guard let character = cursor.current else { throw cursor.failure("expected a JSON value") }
        switch character {
        case "\"":
            return .string(try readString(&cursor))
        case "[":
            cursor.advance()
            var elements: [JSONValue] = []
            cursor.skipWhitespace()
            if cursor.consume("]") { return .array(elements) }
            while true {
                elements.append(try read(&cursor))
                cursor.skipWhitespace()
                if cursor.consume(",") { continue }
                if cursor.consume("]") { return .array(elements) }
                throw cursor.failure("expected ',' or ']'")
            }
        case "{":
            cursor.advance()
            var members: [String: JSONValue] = [:]
            cursor.skipWhitespace()
            if cursor.consume("}") { return .object(members) }
            while true {
                cursor.skipWhitespace()
                guard cursor.current == "\"" else { throw cursor.failure("expected a string key") }
                let keyColumn = cursor.column
                let key = try readString(&cursor)
                guard members[key] == nil else {
                    throw SyntaxFailure(message: "duplicate key \(quotedJSONString(key))", column: keyColumn)
                }
                cursor.skipWhitespace()
                guard cursor.consume(":") else { throw cursor.failure("expected ':'") }
                members[key] = try read(&cursor)
                cursor.skipWhitespace()
                if cursor.consume(",") { continue }
                if cursor.consume("}") { return .object(members) }
                throw cursor.failure("expected ',' or '}'")
            }
        case "-", "0"..."9":
            return .number(try readNumber(&cursor))
        default:
            if cursor.consume("true") { return .bool(true) }
            if cursor.consume("false") { return .bool(false) }
            if cursor.consume("null") { return .null }
            throw cursor.failure("expected a JSON value")
        }
    }

    static func readNumber(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> JSONNumber {
        let start = cursor.position
        while let character = cursor.current, character.isNumber || "+-.eE".contains(character) {
            cursor.advance()
        }
        let text = String(cursor.characters[start..<cursor.position])
        guard let number = JSONNumber(literal: text) else {
            throw SyntaxFailure(message: "invalid number \(text)", column: start + 1)
        }
        return number
    }

    /// Reads a double-quoted JSON string with its escapes; the cursor sits on the opening quote.
    static func readString(_ cursor: inout SyntaxCursor) throws(SyntaxFailure) -> String {
        let startColumn = cursor.column
        cursor.advance()
        var result = ""
        var pendingHighSurrogate: UInt32?
        while let character = cursor.current {
            cursor.advance()
            if character == "\"" {
                if pendingHighSurrogate != nil { throw cursor.failure("unpaired surrogate in string") }
                return result
            }
            guard character == "\\" else {
                if pendingHighSurrogate != nil { throw cursor.failure("unpaired surrogate in string") }
                result.append(character)
                continue
            }
            guard let escape = cursor.current else { break }
            cursor.advance()
            if escape != "u", pendingHighSurrogate != nil { throw cursor.failure("unpaired surrogate in string") }
            switch escape {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "/": result.append("/")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                let hex = String((0..<4).compactMap { cursor.peek($0) })
                guard hex.count == 4, let code = UInt32(hex, radix: 16) else {
                    throw cursor.failure("expected four hex digits after \\u")
                }
                cursor.advance(4)
                if let high = pendingHighSurrogate {
                    guard (0xDC00...0xDFFF).contains(code),
                          let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)) else {
                        throw cursor.failure("unpaired surrogate in string")
                    }
                    result.unicodeScalars.append(scalar)
                    pendingHighSurrogate = nil
                } else if (0xD800...0xDBFF).contains(code) {
                    pendingHighSurrogate = code
                } else if let scalar = Unicode.Scalar(code) {
                    result.unicodeScalars.append(scalar)
                } else {
                    throw cursor.failure("unpaired surrogate in string")
                }
            default:
                throw SyntaxFailure(message: "invalid escape \\\(escape)", column: cursor.column - 2)
            }
        }
        throw SyntaxFailure(message: "unterminated string", column: startColumn)
    }
}
