import Foundation

/// Writes `JSONValue`s as UTF-8 bytes: canonical (compact, sorted) or pretty.
///
/// The canonical form is what hashes and stored states are made of, so it is
/// fixed:
/// - no whitespace anywhere;
/// - object keys sorted by their UTF-8 bytes (which is Unicode code point order);
/// - numbers written as their literal text (`JSONNumber.text`), unchanged;
/// - strings escaped minimally: `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, and
///   `\u00xx` (lowercase hex) for the other control characters below U+0020.
///   Everything else, including `/`, U+007F and all non-ASCII, is written raw.
public enum JSONWriter {
    /// Appends the canonical form of `value` to `bytes`.
    public static func appendCanonical(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            appendASCII("null", to: &bytes)
        case .bool(let bool):
            appendASCII(bool ? "true" : "false", to: &bytes)
        case .number(let number):
            bytes.append(contentsOf: number.text.utf8)
        case .string(let string):
            appendString(string, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                appendCanonical(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in sortedMembers(members) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                appendCanonical(member, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `value` indented by `indent` spaces per level, keys sorted,
    /// `"key": value`, empty containers as `[]` and `{}`.
    public static func appendPretty(
        _ value: JSONValue, indent: Int, level: Int = 0, to bytes: inout [UInt8]
    ) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            bytes.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                appendNewline(indentation: indent * (level + 1), to: &bytes)
                appendPretty(element, indent: indent, level: level + 1, to: &bytes)
            }
            appendNewline(indentation: indent * level, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in sortedMembers(members) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                appendNewline(indentation: indent * (level + 1), to: &bytes)
                appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                bytes.append(UInt8(ascii: " "))
                appendPretty(member, indent: indent, level: level + 1, to: &bytes)
            }
            appendNewline(indentation: indent * level, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        default:
            appendCanonical(value, to: &bytes)
        }
    }

    /// Appends `string` as a JSON string literal with minimal escaping.
    public static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let handled: Void? = string.utf8.withContiguousStorageIfAvailable { buffer in
            appendEscaped(buffer, to: &bytes)
        }
        if handled == nil {
            let copy = Array(string.utf8)
            copy.withUnsafeBufferPointer { appendEscaped($0, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Members in canonical order: by the UTF-8 bytes of their keys.
    ///
    /// Each key's first eight bytes are read once, as a big-endian number
    /// padded with zeros, and compared as numbers; only keys whose numbers
    /// tie are compared byte by byte. A smaller number means a smaller key:
    /// the first differing byte decides both, and a key that ends early pads
    /// with zeros, which no byte is below. The order is exactly
    /// `utf8Precedes`'s (`CanonicalOrderTests` compares the two).
    public static func sortedMembers(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        if members.count < 2 {
            return members.map { ($0.key, $0.value) }
        }
        var keyed: [(prefix: UInt64, member: (key: String, value: JSONValue))] = []
        keyed.reserveCapacity(members.count)
        for (key, value) in members {
            keyed.append((utf8Prefix(key), (key, value)))
        }
        keyed.sort { left, right in
            left.prefix != right.prefix ? left.prefix < right.prefix : utf8Precedes(left.member.key, right.member.key)
        }
        return keyed.map(\.member)
    }

    /// The first eight UTF-8 bytes of `key`, big-endian, padded with zeros.
    static func utf8Prefix(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in
            var prefix: UInt64 = 0
            for index in 0..<8 {
                prefix = prefix << 8 | UInt64(index < bytes.count ? bytes[index] : 0)
            }
            return prefix
        }
    }

    /// Whether `a` sorts before `b` when compared byte by byte as UTF-8.
    public static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        // Contiguous UTF-8 and memcmp: the generic view comparison costs more
        // than the rest of writing a small object.
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let shared = min(left.count, right.count)
                if shared > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let order = memcmp(l, r, shared)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    private static func appendEscaped(_ buffer: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = buffer.count
        while index < count {
            let byte = buffer[index]
            // Only these bytes need escaping; everything else is copied in runs.
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if runStart < index {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index]))
            }
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
            index += 1
            runStart = index
        }
        if runStart < count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<count]))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    private static func appendASCII(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A newline and `indentation` spaces. They are copied from one line of
    /// spaces, 64 at a time: appending a repeated byte went a byte at a
    /// time, and was a tenth of `blame --json`'s time.
    public static func appendNewline(indentation: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\n"))
        var left = indentation
        while left > 0 {
            let count = min(left, 64)
            spaces.withUTF8Buffer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
            left -= count
        }
    }

    private static let spaces: StaticString = "                                                                "
}
