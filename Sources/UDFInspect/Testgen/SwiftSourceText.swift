/// Text from a recording made safe to place in generated Swift source.
///
/// A recording is untrusted: an action name or a timeline name could hold a
/// line break that ends a comment and starts code. Everything spliced into
/// a generated file goes through one of these.
enum SwiftSourceText {
    /// `text` for a `//` comment: characters that end a line, or that
    /// reorder or hide text (bidirectional controls), become `?`.
    static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { HiddenScalars.contains($0) ? "?" : $0 }))
    }

    /// JSON text with every character that a reader or a compiler could
    /// mistake (controls, line separators, bidirectional controls) written
    /// as a `\uXXXX` escape. Such characters only occur inside JSON
    /// strings, so the text still parses to the same value.
    static func json(_ text: String) -> String {
        HiddenScalars.escaped(text, keeping: "\n")
    }

    /// `text` as a string literal on one line: plain when it holds no `"`
    /// or `\`, else raw. `text` must not hold a line break.
    static func string(_ text: String) -> String {
        text.contains("\"") || text.contains("\\") ? rawString(text) : "\"" + text + "\""
    }

    /// `text` as a raw string literal on one line, `#"…"#`, with as many
    /// `#` as it takes that no `"` or `\` inside is read as a delimiter or
    /// an escape. `text` must not hold a line break.
    static func rawString(_ text: String) -> String {
        let hashes = String(repeating: "#", count: delimiterCount(text))
        return hashes + "\"" + text + "\"" + hashes
    }

    /// `text` as a multi-line raw string literal whose lines are indented
    /// by `indent`, the closing delimiter's indentation, which Swift strips.
    static func rawMultilineString(_ text: String, indent: String) -> String {
        let hashes = String(repeating: "#", count: delimiterCount(text))
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
        return hashes + "\"\"\"\n" + body + "\n" + indent + "\"\"\"" + hashes
    }

    /// One more `#` than the longest run of `#` after a `"` or a `\`.
    private static func delimiterCount(_ text: String) -> Int {
        var longest = 0
        var run = 0
        var counting = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "#"), counting {
                run += 1
                longest = max(longest, run)
            } else {
                counting = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                run = 0
            }
        }
        return longest + 1
    }
}
