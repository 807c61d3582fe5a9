import UDFJSON

/// An RFC 6901 JSON Pointer, such as `/todos/3/title`.
///
/// The empty pointer `""` refers to the whole document. In the text form `~`
/// is written `~0` and `/` is written `~1`; `tokens` hold the decoded keys.
///
/// For example:
/// ```swift
/// let pointer = try JSONPointer(parsing: "/a~1b/c~0d")
/// pointer.tokens // ["a/b", "c~d"]
/// ```
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The decoded reference tokens, outermost first.
    public var tokens: [String]

    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Pointers are equal when their tokens hold the same scalars, as keys are.
    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.elementsEqual(rhs.tokens) { $0.hasSameScalars(as: $1) }
    }

    /// Parses the text form of a pointer.
    ///
    /// - Throws: `JSONPatchError` when the text is neither empty nor starts
    ///   with `/`, or when a `~` is not followed by `0` or `1`.
    public init(parsing text: String) throws(JSONPatchError) {
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else {
            throw JSONPatchError(.invalidPointer(text, reason: "must be empty or start with '/'"))
        }
        var decoded: [String] = []
        for rawToken in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var characters = rawToken.makeIterator()
            while let character = characters.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch characters.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default:
                    throw JSONPatchError(.invalidPointer(text, reason: "'~' must be followed by '0' or '1'"))
                }
            }
            decoded.append(token)
        }
        tokens = decoded
    }

    /// The pointer to the whole document.
    public static let root = JSONPointer(tokens: [])

    /// The text form, with `~0` and `~1` escapes.
    public var description: String {
        tokens.map { "/" + JSONPointer.escape($0) }.joined()
    }

    /// This pointer with `token` appended.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    /// This pointer with an array index appended.
    public func appending(index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// Whether `self` is a proper prefix of `other`, that is, `other` lies inside `self`.
    public func isProperPrefix(of other: JSONPointer) -> Bool {
        tokens.count < other.tokens.count
            && other.tokens.prefix(tokens.count).elementsEqual(tokens) { $0.hasSameScalars(as: $1) }
    }

    private static func escape(_ token: String) -> String {
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
