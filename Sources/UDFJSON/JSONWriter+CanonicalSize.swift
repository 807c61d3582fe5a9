extension JSONWriter {
    /// How many bytes `appendCanonical` writes for a scalar, without writing
    /// them: what lets a recorder store `state_size` for a state whose text
    /// it never writes.
    ///
    /// An array or object is counted whole, by writing it.
    public static func canonicalSize(ofScalar value: JSONValue) -> Int {
        switch value {
        case .null: 4
        case .bool(let bool): bool ? 4 : 5
        case .number(let number): number.text.utf8.count
        case .string(let string): canonicalSize(of: string)
        case .array, .object: canonicalSizeWritten(value)
        }
    }

    /// The bytes of `string` as a canonical JSON string literal, quotes included.
    public static func canonicalSize(of string: String) -> Int {
        let counted = string.utf8.withContiguousStorageIfAvailable { escapedSize($0) }
        if let counted { return counted + 2 }
        return Array(string.utf8).withUnsafeBufferPointer { escapedSize($0) } + 2
    }

    /// Mirrors `appendEscaped`: a quote, a backslash and the five named
    /// control characters take 2 bytes, other controls 6 (`\u00xx`).
    private static func escapedSize(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var size = buffer.count
        for byte in buffer where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x0C, 0x0A, 0x0D, 0x09: size += 1
            default: size += 5
            }
        }
        return size
    }

    private static func canonicalSizeWritten(_ value: JSONValue) -> Int {
        var bytes: [UInt8] = []
        appendCanonical(value, to: &bytes)
        return bytes.count
    }
}
