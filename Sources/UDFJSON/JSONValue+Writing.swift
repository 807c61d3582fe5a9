extension JSONValue {
    /// The canonical text: compact, keys sorted by UTF-8 bytes, minimal escaping.
    ///
    /// See `JSONWriter` for the exact rules. Equal values always give equal
    /// text, which is what `stateHash` relies on.
    public var canonicalText: String {
        String(decoding: canonicalBytes, as: UTF8.self)
    }

    /// The canonical text as UTF-8 bytes.
    public var canonicalBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        JSONWriter.appendCanonical(self, to: &bytes)
        return bytes
    }

    /// Appends the canonical text to `bytes`, so callers can reuse one buffer.
    public func writeCanonical(into bytes: inout [UInt8]) {
        JSONWriter.appendCanonical(self, to: &bytes)
    }

    /// Multi-line text for people: keys sorted, `"key": value`, `indent` spaces
    /// per level, empty containers as `[]` and `{}`.
    ///
    /// For example, `["b": [1], "a": [:]]` prints as:
    /// ```
    /// {
    ///   "a": {},
    ///   "b": [
    ///     1
    ///   ]
    /// }
    /// ```
    public func prettyText(indent: Int = 2) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        JSONWriter.appendPretty(self, indent: max(0, indent), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
