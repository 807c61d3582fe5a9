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
        // One pass, with no array of split pieces: pointers are read for every
        // stored patch a walk applies.
        let utf8 = text.utf8
        var decoded: [String] = []
        var start = utf8.index(after: utf8.startIndex)
        var index = start
        var escaped = false
        while true {
            guard index != utf8.endIndex, utf8[index] != UInt8(ascii: "/") else {
                let raw = utf8[start..<index]
                decoded.append(escaped ? try Self.unescape(raw, in: text) : String(decoding: raw, as: UTF8.self))
                if index == utf8.endIndex { break }
                start = utf8.index(after: index)
                index = start
                escaped = false
                continue
            }
            if utf8[index] == UInt8(ascii: "~") { escaped = true }
            index = utf8.index(after: index)
        }
        tokens = decoded
    }

    /// A reference token with its `~0` and `~1` escapes decoded.
    private static func unescape(_ raw: Substring.UTF8View, in text: String) throws(JSONPatchError) -> String {
        var token: [UInt8] = []
        token.reserveCapacity(raw.count)
        var bytes = raw.makeIterator()
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
        return String(decoding: token, as: UTF8.self)
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
