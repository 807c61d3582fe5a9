extension String {
    /// The number of characters a terminal shows, not counting ANSI escape sequences,
    /// so that coloured table cells still line up.
    var visibleWidth: Int {
        // Printable ASCII is one character a byte, none of them an escape:
        // most cells of a long table, whose widths are measured row by row.
        if Self.isPrintableASCII(utf8) { return utf8.count }
        // With no escape, every character shows: an escape is always a
        // character of its own, so no other one can hide it.
        if !utf8.contains(0x1B) { return count }
        return widthCountingCharacters
    }

    /// Whether `utf8` is printable ASCII alone: as wide as its bytes, which
    /// `visibleWidth` and `PackedTable` read without counting characters.
    static func isPrintableASCII(_ utf8: some Sequence<UInt8>) -> Bool {
        utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// `visibleWidth` counted character by character, for any text.
    var widthCountingCharacters: Int {
        var width = 0
        var inEscape = false
        var afterEscape = false
        for character in self {
            if inEscape {
                // A CSI sequence ends with a letter, for example the `m` of `ESC[31m`.
                if character.isLetter {
                    inEscape = false
                }
            } else if afterEscape {
                afterEscape = false
                inEscape = character == "["
            } else if character == "\u{1B}" {
                afterEscape = true
            } else {
                width += 1
            }
        }
        return width
    }
}
