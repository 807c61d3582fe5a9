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
        guard text.utf8.first == UInt8(ascii: "/") else {
            throw JSONPatchError(.invalidPointer(text, reason: "must be empty or start with '/'"))
        }
        // By UTF-8 bytes, not Characters: a `~` or `/` followed by a combining
        // mark is still an escape or a separator (RFC 6901 works on code points).
        var decoded: [String] = []
        for rawToken in text.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard rawToken.contains(UInt8(ascii: "~")) else {
                decoded.append(String(decoding: rawToken, as: UTF8.self))
                continue
            }
            var token: [UInt8] = []
            token.reserveCapacity(rawToken.count)
            var bytes = rawToken.makeIterator()
            while let byte = bytes.next() {
                guard byte == UInt8(ascii: "~") else {
                    token.append(byte)
                    continue
                }
                switch bytes.next() {
                case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                default:
                    throw JSONPatchError(.invalidPointer(text, reason: "'~' must be followed by '0' or '1'"))
                }
            }
            decoded.append(String(decoding: token, as: UTF8.self))
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

    /// By UTF-8 bytes, as parsing reads them back: a `~` or `/` followed by a
    /// combining mark is escaped like any other.
    private static func escape(_ token: String) -> String {
        let utf8 = token.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 4)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "~"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
