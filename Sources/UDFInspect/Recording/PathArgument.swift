import UDFDiff

extension ParsedArguments {
    /// The option `name` parsed as a jq-like path, or a usage error pointing at the column.
    func path(_ name: String) throws(UsageError) -> JSONPath? {
        guard let text = value(name) else { return nil }
        do {
            return try JSONPath(parsing: text)
        } catch {
            throw usageError("invalid path '\(text)': \(error)")
        }
    }
}
