/// Why a predicate could not be parsed, and where: `expected a comparison operator at column 9`.
public struct PredicateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The 1-based column of the offending character.
    public var column: Int

    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    public var description: String { "\(message) at column \(column)" }
}
