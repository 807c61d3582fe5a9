/// The values found on one command's command line, looked up by the names in its spec.
///
/// Positionals are looked up by their argument name (`"file"`). Options are read
/// through their ``OptionKey``; a key the spec does not declare is refused, never
/// read as absent.
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

    /// The value of `key`, typed as the key declares it.
    ///
    /// - Throws: A ``UsageError`` for a value that does not convert, or when the
    ///   command's spec does not declare `key` (a programming error).
    public func value<Value>(_ key: OptionKey<Value>) throws(UsageError) -> Value {
        try key.read(try rawValues(key), self)
    }

    /// Whether `key` was given at all, whatever its value.
    public func isGiven<Value>(_ key: OptionKey<Value>) throws(UsageError) -> Bool {
        try !rawValues(key).isEmpty
    }

    /// The last text given for `key`, before conversion, for messages that quote it.
    public func text<Value>(_ key: OptionKey<Value>) throws(UsageError) -> String? {
        try rawValues(key).last
    }

    /// Every text given for `key`; an undeclared key is refused so it cannot read as absent.
    private func rawValues<Value>(_ key: OptionKey<Value>) throws(UsageError) -> [String] {
        guard let index = spec.options.firstIndex(where: { $0.names == key.spec.names }) else {
            throw usageError("internal error: '\(spec.name)' reads '\(key.name)', which its spec does not declare")
        }
        return optionValues[index] ?? []
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
