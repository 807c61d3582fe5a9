import UDFJSON

/// Looks into stored JSON text without parsing all of it: the top-level
/// members of a keyframe, and the pointers a patch writes to.
///
/// Each answer is either exact or nil ("cannot tell"), and a caller that gets
/// nil parses the whole text instead, so an odd text costs time, never a
/// wrong answer.
enum StoredTextScan {
    /// The raw text of the members of a top-level object whose keys `wanted`
    /// accepts, each key once; nil when the text is not such an object.
    static func members(of text: [UInt8], where wanted: (String) -> Bool) -> [(key: String, value: ArraySlice<UInt8>)]? {
        var index = skipSpace(text, 0)
        guard index < text.count, text[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(text, index + 1)
        var found: [(key: String, value: ArraySlice<UInt8>)] = []
        if index < text.count, text[index] == UInt8(ascii: "}") { return found }
        while index < text.count {
            guard text[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(text, index) else { return nil }
            let keyText = text[index..<keyEnd]
            let key: String
            if keyText.contains(UInt8(ascii: "\\")) {
                guard case .string(let decoded)? = try? JSONParser().parse(Array(keyText)) else { return nil }
                key = decoded
            } else {
                key = String(decoding: keyText.dropFirst().dropLast(), as: UTF8.self)
            }
            index = skipSpace(text, keyEnd)
            guard index < text.count, text[index] == UInt8(ascii: ":") else { return nil }
            let valueStart = skipSpace(text, index + 1)
            guard let valueEnd = valueEnd(text, valueStart) else { return nil }
            if wanted(key) {
                // A repeated key is left to the parser's own rule.
                guard !found.contains(where: { $0.key.hasSameScalars(as: key) }) else { return nil }
                found.append((key, text[valueStart..<valueEnd]))
            }
            index = skipSpace(text, valueEnd)
            guard index < text.count else { return nil }
            if text[index] == UInt8(ascii: "}") {
                return skipSpace(text, index + 1) == text.count ? found : nil
            }
            guard text[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpace(text, index + 1)
        }
        return nil
    }

    /// The first token of every pointer a canonical patch text names (its
    /// `path` and `from` members), or nil when the text does not read as one
    /// (whitespace, escapes in a pointer, an operation without a path).
    ///
    /// Inside a string value a quote is escaped, so `"path":"` is only ever a
    /// member name; one inside an added value adds a token, which costs
    /// time only.
    static func firstTokens(ofPatch text: [UInt8]) -> [ArraySlice<UInt8>]? {
        var tokens: [ArraySlice<UInt8>] = []
        var operations = 0
        var paths = 0
        var index = 0
        let count = text.count
        while index + 7 < count {
            guard text[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            if matches(text, index, opMember) {
                operations += 1
                index += opMember.count
                continue
            }
            let isPath = matches(text, index, pathMember)
            guard isPath || matches(text, index, fromMember) else {
                index += 1
                continue
            }
            if isPath { paths += 1 }
            var end = index + pathMember.count
            let start = end
            while end < count, text[end] != UInt8(ascii: "\"") {
                if text[end] == UInt8(ascii: "\\") { return nil }
                end += 1
            }
            guard end < count else { return nil }
            // "" is the root; "/a/b" starts with the token "a".
            if start == end {
                tokens.append(text[start..<start])
            } else {
                guard text[start] == UInt8(ascii: "/") else { return nil }
                var tokenEnd = start + 1
                while tokenEnd < end, text[tokenEnd] != UInt8(ascii: "/") { tokenEnd += 1 }
                // `~` escapes `/` and `~` in a token; leave those to the parser.
                if text[(start + 1)..<tokenEnd].contains(UInt8(ascii: "~")) { return nil }
                tokens.append(text[(start + 1)..<tokenEnd])
            }
            index = end + 1
        }
        guard operations > 0, paths >= operations else { return nil }
        return tokens
    }

    private static let opMember = Array("\"op\":\"".utf8)
    private static let pathMember = Array("\"path\":\"".utf8)
    private static let fromMember = Array("\"from\":\"".utf8)

    private static func matches(_ text: [UInt8], _ index: Int, _ pattern: [UInt8]) -> Bool {
        guard index + pattern.count <= text.count else { return false }
        for offset in 0..<pattern.count where text[index + offset] != pattern[offset] { return false }
        return true
    }

    private static func skipSpace(_ text: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
        return index
    }

    /// The index just past the string that starts at `start`.
    private static func stringEnd(_ text: [UInt8], _ start: Int) -> Int? {
        var index = start + 1
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index just past the value that starts at `start`; the value is
    /// only delimited here, the parser checks it when it is wanted.
    private static func valueEnd(_ text: [UInt8], _ start: Int) -> Int? {
        guard start < text.count else { return nil }
        switch text[start] {
        case UInt8(ascii: "\""):
            return stringEnd(text, start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(text, index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            while index < text.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(text[index]) {
                index += 1
            }
            return index > start ? index : nil
        }
    }
}
