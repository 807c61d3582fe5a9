import UDFDiff

extension ParsedArguments {
    /// The option `name` parsed as a predicate, or a usage error that quotes
    /// the expression and names the column where parsing failed.
    func predicate(_ name: String) throws(UsageError) -> Predicate? {
        guard let text = value(name) else { return nil }
        do {
            return try Predicate.parse(text)
        } catch {
            throw usageError("invalid expression '\(text)': \(error)")
        }
    }
}

extension Predicate {
    /// The 1-based column where `path` is written in `text`, when it is written
    /// there in its usual spelling.
    static func column(of path: JSONPath, in text: String) -> Int? {
        guard let range = text.range(of: path.description) else { return nil }
        return text.distance(from: text.startIndex, to: range.lowerBound) + 1
    }
}
