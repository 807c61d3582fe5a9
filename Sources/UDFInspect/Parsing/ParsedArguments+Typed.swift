extension ParsedArguments {
    /// The value of an option (`"--from"`) or a positional (`"step"`) as an integer.
    ///
    /// - Returns: The integer, or nil when the value was not given.
    /// - Throws: A ``UsageError`` such as `The value 'x' is invalid for '--from <step>'`.
    public func int(_ name: String) throws(UsageError) -> Int? {
        guard let text = rawValue(name) else {
            return nil
        }
        guard let number = Int(text) else {
            throw invalidValue(text, for: name)
        }
        return number
    }

    /// The value of an option or a positional, which must be one of `allowed`.
    ///
    /// - Returns: The value, or nil when it was not given.
    /// - Throws: A ``UsageError`` such as
    ///   `The value 'x' is invalid for '--format <format>'. Expected one of: tree, patch`.
    public func choice(_ name: String, _ allowed: [String]) throws(UsageError) -> String? {
        guard let text = rawValue(name) else {
            return nil
        }
        guard allowed.contains(text) else {
            throw usageError(Suggestion.invalidValue(text, for: label(of: name), expected: allowed))
        }
        return text
    }

    /// Option names start with a dash; anything else names a positional.
    private func rawValue(_ name: String) -> String? {
        name.hasPrefix("-") ? value(name) : positional(name)
    }

    private func invalidValue(_ text: String, for name: String) -> UsageError {
        usageError("The value '\(text)' is invalid for '\(label(of: name))'")
    }

    private func label(of name: String) -> String {
        name.hasPrefix("-") ? spec.option(named: name)?.synopsis ?? name : "<\(name)>"
    }
}
