extension UInt8 {
    /// Space, tab, line feed or carriage return: JSON's whitespace, and
    /// SQL's but for form feed. Inlinable: the parser and the stored-text
    /// scans ask it of every byte between tokens.
    @inlinable
    public var isJSONWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
    }
}
