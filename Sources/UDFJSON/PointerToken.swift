/// A token of an RFC 6901 JSON Pointer, as it names an array's element.
public enum PointerToken {
    /// The index `token` names: RFC 6901 array indices are `0` or digits
    /// without a leading zero; nil for anything else, `-` included.
    public static func arrayIndex(_ token: String) -> Int? {
        let isDigits = !token.isEmpty && token.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard isDigits, token == "0" || !token.hasPrefix("0") else { return nil }
        return Int(token)
    }
}
