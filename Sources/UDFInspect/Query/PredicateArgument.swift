import UDFDiff

extension OptionKey where Value == Predicate? {
    /// An option whose value is a predicate; one that does not parse is a usage
    /// error that quotes the expression and names the column where parsing failed.
    static func predicate(_ names: String..., value valueName: String, help: String) -> OptionKey {
        let spec = OptionSpec(names: names, valueName: valueName, help: help)
        return OptionKey(spec) { (values, arguments) throws(UsageError) -> Predicate? in
            guard let text = values.last else { return nil }
            do {
                return try Predicate.parse(text)
            } catch {
                throw arguments.usageError("invalid expression '\(text)': \(error)")
            }
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
