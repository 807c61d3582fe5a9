import UDFJSON

/// Parses an untrusted file's bytes with the parser's limits: bounded depth
/// without recursion, bounded size, no duplicate keys, valid UTF-8, exact
/// numbers, no `Infinity`.
public enum SharedDocumentParser {
    /// A document's own levels (an export's steps, a patch's operations, a
    /// Redux DevTools file's lifted state) come on top of its states', which
    /// may nest as deep as a recording's.
    public static let limits = JSONParser.Limits.carryingStates(within: 16, maxBytes: 512 * 1024 * 1024)

    public static func parse(_ bytes: [UInt8], source: String) throws(SharingError) -> JSONValue {
        do {
            return try JSONParser(limits: limits).parse(bytes)
        } catch {
            throw SharingError.invalidJSON(source: source, error: error)
        }
    }

    public static func parse(_ text: String, source: String) throws(SharingError) -> JSONValue {
        try parse(Array(text.utf8), source: source)
    }
}
