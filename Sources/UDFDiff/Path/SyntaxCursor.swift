/// A position in a line of query text, shared by the path, literal and predicate readers.
struct SyntaxCursor {
    let characters: [Character]
    var position = 0

    init(_ text: String) {
        // One element per Unicode scalar, not per grapheme: a quote or a
        // backslash followed by a combining mark is one `Character`, and would
        // hide the end of a string or an escape (found by fuzz/path-predicate).
        characters = text.unicodeScalars.map(Character.init)
    }

    /// The 1-based column of the current position, as shown in error messages.
    var column: Int { position + 1 }

    var isAtEnd: Bool { position >= characters.count }

    var current: Character? { position < characters.count ? characters[position] : nil }

    func peek(_ offset: Int) -> Character? {
        let index = position + offset
        return index < characters.count ? characters[index] : nil
    }

    mutating func advance(_ count: Int = 1) {
        position = min(position + count, characters.count)
    }

    mutating func skipWhitespace() {
        while let character = current, character.isWhitespace { advance() }
    }

    /// Consumes `text` when the input continues with it.
    mutating func consume(_ text: String) -> Bool {
        let expected = Array(text)
        guard position + expected.count <= characters.count,
              Array(characters[position..<(position + expected.count)]) == expected else { return false }
        position += expected.count
        return true
    }

    /// A failure at the current column.
    func failure(_ message: String) -> SyntaxFailure {
        SyntaxFailure(message: message, column: column)
    }
}

/// A syntax error inside one of the query readers, before it is given its public type.
struct SyntaxFailure: Error, Equatable {
    var message: String
    var column: Int
}
