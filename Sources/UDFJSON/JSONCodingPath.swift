/// One step of a coding path: an object key or an array index.
public enum JSONCodingPathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)
}

/// Renders coding paths the way `jq` writes them, for error messages.
///
/// For example, `[.key("items"), .index(3), .key("price")]` renders as
/// `.items[3].price`, the empty path as `.`, and a key that is not an
/// identifier as `.["two words"]`.
public enum JSONCodingPath {
    public static func render(_ components: [JSONCodingPathComponent]) -> String {
        var text = body(components)
        if text.isEmpty || text.hasPrefix("[") {
            text = "." + text
        }
        return text
    }

    /// `render` with a long path's middle left out, so that a message stays
    /// one readable line: `.next.next.next.next … .next.next (512 deep)`.
    public static func abbreviated(_ components: [JSONCodingPathComponent]) -> String {
        guard components.count > 8 else { return render(components) }
        return render(Array(components.prefix(4))) + " … " + body(Array(components.suffix(2))) + " (\(components.count) deep)"
    }

    /// The components as `render` writes them, without the leading `.` a
    /// path that starts with an index or is empty gets.
    private static func body(_ components: [JSONCodingPathComponent]) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if isIdentifier(key) {
                    text += "." + key
                } else {
                    text += "[" + quoted(key) + "]"
                }
            }
        }
        return text
    }

    /// A JSON string literal for `text`, used to quote keys and values in messages.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        JSONWriter.appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON string literal with every non-ASCII scalar spelled `\u{…}`, so
    /// that two strings that differ only in normalization read apart.
    public static func quotedScalars(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.value >= 0x20, scalar != "\"", scalar != "\\" {
                result.unicodeScalars.append(scalar)
            } else {
                result += spelled(scalar)
            }
        }
        return result + "\""
    }

    /// `text` with every non-ASCII scalar spelled `\u{…}`, the rest as it is.
    public static func spellingScalars(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                result += spelled(scalar)
            }
        }
        return result
    }

    private static func spelled(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !isDigit(first) else { return false }
        return key.utf8.allSatisfy { isDigit($0) || isLetter($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
