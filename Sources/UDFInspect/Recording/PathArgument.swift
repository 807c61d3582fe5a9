import UDFDiff

extension OptionKey where Value == JSONPath? {
    /// An option whose value is a jq-like path; a path that does not parse is a
    /// usage error pointing at the column.
    static func path(_ names: String..., help: String) -> OptionKey {
        let spec = OptionSpec(names: names, valueName: "path", help: help)
        return OptionKey(spec) { (values, arguments) throws(UsageError) -> JSONPath? in
            guard let text = values.last else { return nil }
            do {
                return try JSONPath(parsing: text)
            } catch {
                throw arguments.usageError("invalid path '\(text)': \(error)")
            }
        }
    }
}
