import UDFJSON

/// Parses an untrusted file's bytes with the parser's limits: bounded depth
/// without recursion, bounded size, no duplicate keys, valid UTF-8, exact
/// numbers, no `Infinity`.
public enum SharedDocumentParser {
    public static let limits = JSONParser.Limits(maxDepth: 512, maxBytes: 512 * 1024 * 1024)

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
