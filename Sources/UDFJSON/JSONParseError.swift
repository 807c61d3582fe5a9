/// Why and where `JSONParser` rejected its input.
///
/// The description is one line, for example
/// `invalid JSON at line 1, column 8: duplicate key "a"`.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the input.
    public enum Kind: Sendable, Hashable {
        /// The input ended where `expected` should have come.
        case unexpectedEndOfInput(expected: String)
        /// A byte that cannot start or continue what `expected` describes.
        case unexpectedCharacter(UInt8, expected: String)
        /// Something other than whitespace follows the top-level value.
        case trailingData(UInt8)
        /// A byte that is not part of well-formed UTF-8.
        case invalidUTF8(UInt8)
        /// A `\u` escape of a surrogate without its partner.
        case loneSurrogate(UInt16)
        /// A backslash followed by something other than a JSON escape.
        case invalidEscape(UInt8)
        /// A raw control character (below U+0020) inside a string.
        case controlCharacterInString(UInt8)
        /// A number that breaks the JSON number grammar, such as `01` or `1.`.
        case invalidNumber(String)
        /// A number too large for a double, such as `1e400`.
        case numberOutOfRange(String)
        /// `NaN`, `Infinity` or `-Infinity`, which JSON does not have.
        case nonFiniteNumber
        /// `true`, `false` or `null` misspelled.
        case invalidLiteral(expected: String)
        /// An object with the same key twice.
        case duplicateKey(String)
        /// Two keys of one object that differ only in Unicode normalization,
        /// which a recording's objects cannot keep apart.
        case equivalentKeys(String, String)
        /// More nested arrays and objects than `Limits.maxDepth`.
        case tooDeep(maxDepth: Int)
        /// More input than `Limits.maxBytes`.
        case tooLarge(byteCount: Int, maxBytes: Int)
    }

    public let kind: Kind
    /// Zero-based byte offset into the input.
    public let offset: Int
    /// One-based line: the number of `\n` bytes before `offset`, plus one.
    public let line: Int
    /// One-based column, counted in Unicode scalars (UTF-8 lead bytes) from
    /// the start of the line.
    public let column: Int

    public init(kind: Kind, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    public var description: String {
        "invalid JSON at line \(line), column \(column): \(message)"
    }

    /// The description without the position.
    public var message: String {
        switch kind {
        case .unexpectedEndOfInput(let expected):
            "unexpected end of input, expected \(expected)"
        case .unexpectedCharacter(let byte, let expected):
            "unexpected \(Self.describe(byte)), expected \(expected)"
        case .trailingData(let byte):
            "unexpected \(Self.describe(byte)) after the JSON value"
        case .invalidUTF8(let byte):
            "invalid UTF-8 byte \(Self.hex(byte))"
        case .loneSurrogate(let unit):
            "lone surrogate \\u\(String(unit, radix: 16)) in string"
        case .invalidEscape(let byte):
            "invalid escape \\\(Self.printable(byte) ?? Self.hex(byte)) in string"
        case .controlCharacterInString(let byte):
            "unescaped control character \(Self.hex(byte)) in string"
        case .invalidNumber(let text):
            "invalid number \(text)"
        case .numberOutOfRange(let text):
            "number \(text) is too large for a double"
        case .nonFiniteNumber:
            "NaN and Infinity are not JSON numbers"
        case .invalidLiteral(let expected):
            "invalid literal, expected \(expected)"
        case .duplicateKey(let key):
            "duplicate key \(JSONCodingPath.quoted(key))"
        case .equivalentKeys(let first, let second):
            "keys \(JSONCodingPath.quotedScalars(first)) and \(JSONCodingPath.quotedScalars(second)) differ only in Unicode normalization"
        case .tooDeep(let maxDepth):
            "nesting deeper than \(maxDepth) levels"
        case .tooLarge(let byteCount, let maxBytes):
            "input of \(byteCount) bytes exceeds the limit of \(maxBytes) bytes"
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        if let character = printable(byte) { "character '\(character)'" } else { "byte \(hex(byte))" }
    }

    private static func printable(_ byte: UInt8) -> String? {
        byte > 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : nil
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0x0" + digits : "0x" + digits
    }
}
