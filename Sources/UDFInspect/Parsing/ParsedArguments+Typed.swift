extension ParsedArguments {
    /// The positional argument `name` (`"step"`) as an integer; options are read
    /// through their ``OptionKey``.
    ///
    /// - Returns: The integer, or nil when the value was not given.
    /// - Throws: A ``UsageError`` such as `The value 'x' is invalid for '<step>'`.
    public func int(_ name: String) throws(UsageError) -> Int? {
        guard let text = positional(name) else {
            return nil
        }
        guard let number = Int(text) else {
            throw usageError("The value '\(text)' is invalid for '<\(name)>'")
        }
        return number
    }
}
