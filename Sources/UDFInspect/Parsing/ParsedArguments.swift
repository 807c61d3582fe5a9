/// The values found on one command's command line, looked up by the names in its spec.
///
/// Options are looked up by any of their spellings (`"-o"` or `"--output"`), positionals
/// by their argument name (`"file"`). Looking up a name the spec does not declare
/// finds nothing, as if the option had not been given.
public struct ParsedArguments: Sendable, Equatable {
    /// The command these values were parsed for.
    public let spec: CommandSpec
    /// Whether `-h` or `--help` was given; when true, no other value was parsed.
    public let isHelpRequested: Bool

    var positionalValues: [String: [String]]
    /// Values per option, keyed by the option's index in `spec.options`; a flag
    /// records one empty string per occurrence.
    var optionValues: [Int: [String]]

    init(
        spec: CommandSpec,
        isHelpRequested: Bool = false,
        positionalValues: [String: [String]] = [:],
        optionValues: [Int: [String]] = [:]
    ) {
        self.spec = spec
        self.isHelpRequested = isHelpRequested
        self.positionalValues = positionalValues
        self.optionValues = optionValues
    }

    /// The value of the positional argument `name`, or nil when it was not given.
    public func positional(_ name: String) -> String? {
        positionalValues[name]?.first
    }

    /// Every value of the positional argument `name`, for a repeating argument.
    public func positionals(_ name: String) -> [String] {
        positionalValues[name] ?? []
    }

    /// The last value given for `option`, or nil when it was not given.
    public func value(_ option: String) -> String? {
        values(option).last
    }

    /// Every value given for `option`, in command-line order.
    public func values(_ option: String) -> [String] {
        guard let index = spec.options.firstIndex(where: { $0.names.contains(option) }) else {
            return []
        }
        return optionValues[index] ?? []
    }

    /// Whether the flag `option` was given.
    public func flag(_ option: String) -> Bool {
        !values(option).isEmpty
    }

    /// A usage error about this command, for checks a command makes in its initializer.
    ///
    /// For example:
    ///
    /// ```swift
    /// throw arguments.usageError("'--from' must not be greater than '--to'")
    /// ```
    public func usageError(_ message: String) -> UsageError {
        UsageError(message, commandName: spec.name)
    }
}
