/// An option declared once, with the type its value is read as.
///
/// A command declares each option as a key, lists the key's ``spec`` in its
/// ``CommandSpec``, and reads the value through the same key, so a misspelt
/// name is a compile error rather than an option that silently reads as absent.
/// Reading a key the command's spec does not list is a programming error: the
/// read throws, and a test reads every command's options through its spec.
///
/// For example:
///
/// ```swift
/// static let at = OptionKey<Int?>.int("--at", value: "step", help: "The step to start at.")
/// …
/// start = try arguments.value(Self.at) ?? 0
/// ```
public struct OptionKey<Value>: Sendable {
    /// How the option is spelled and described in help.
    public let spec: OptionSpec
    /// Turns every value given, in command-line order, into the typed value.
    let read: @Sendable (_ values: [String], _ arguments: ParsedArguments) throws(UsageError) -> Value

    /// Creates a key from its spec and the function that reads its values.
    public init(
        _ spec: OptionSpec,
        read: @escaping @Sendable (_ values: [String], _ arguments: ParsedArguments) throws(UsageError) -> Value
    ) {
        self.spec = spec
        self.read = read
    }

    /// An option with one value, converted by `parse`; the last value given wins.
    public init<Wrapped>(
        _ names: String...,
        value valueName: String,
        help: String,
        defaultDescription: String? = nil,
        parse: @escaping @Sendable (_ text: String, _ arguments: ParsedArguments) throws(UsageError) -> Wrapped
    ) where Value == Wrapped? {
        let spec = OptionSpec(names: names, valueName: valueName, help: help, defaultDescription: defaultDescription)
        self.init(spec) { (values, arguments) throws(UsageError) -> Wrapped? in
            guard let text = values.last else { return nil }
            return try parse(text, arguments)
        }
    }

    /// The option's name as spelled in messages, for example `--session`.
    public var name: String {
        spec.preferredName
    }

    /// The same key, which the command needs: usage lines show it unbracketed.
    public func required() -> OptionKey {
        var spec = spec
        spec.isRequired = true
        return OptionKey(spec, read: read)
    }

    /// The same key, offering `values` to shell completion.
    public func completing(_ values: [String]) -> OptionKey {
        var spec = spec
        spec.completionValues = values
        return OptionKey(spec, read: read)
    }
}

extension OptionKey where Value == Bool {
    /// A flag: true when given.
    public static func flag(_ names: String..., help: String) -> OptionKey {
        OptionKey(OptionSpec(names: names, help: help)) { values, _ in !values.isEmpty }
    }
}

extension OptionKey where Value == String? {
    /// An option whose value is text; the last value given wins.
    public static func text(
        _ names: String...,
        value valueName: String,
        help: String,
        defaultDescription: String? = nil
    ) -> OptionKey {
        let spec = OptionSpec(names: names, valueName: valueName, help: help, defaultDescription: defaultDescription)
        return OptionKey(spec) { values, _ in values.last }
    }

    /// An option whose value must be one of `allowed`.
    public static func choice(
        _ names: String...,
        value valueName: String,
        allowed: [String],
        help: String,
        defaultDescription: String? = nil
    ) -> OptionKey {
        let spec = OptionSpec(
            names: names, valueName: valueName, help: help, defaultDescription: defaultDescription, completionValues: allowed
        )
        return OptionKey(spec) { (values, arguments) throws(UsageError) -> String? in
            guard let text = values.last else { return nil }
            guard allowed.contains(text) else {
                throw arguments.usageError(Suggestion.invalidValue(text, for: spec.synopsis, expected: allowed))
            }
            return text
        }
    }
}

extension OptionKey where Value == Int? {
    /// An option whose value is a whole number.
    public static func int(
        _ names: String...,
        value valueName: String,
        help: String,
        defaultDescription: String? = nil
    ) -> OptionKey {
        let spec = OptionSpec(names: names, valueName: valueName, help: help, defaultDescription: defaultDescription)
        return OptionKey(spec) { (values, arguments) throws(UsageError) -> Int? in
            guard let text = values.last else { return nil }
            guard let number = Int(text) else {
                throw arguments.usageError("The value '\(text)' is invalid for '\(spec.synopsis)'")
            }
            return number
        }
    }
}

extension OptionKey where Value == [String] {
    /// An option that may be given many times; every value, in command-line order.
    public static func repeating(
        _ names: String...,
        value valueName: String,
        help: String,
        defaultDescription: String? = nil
    ) -> OptionKey {
        let spec = OptionSpec(
            names: names,
            valueName: valueName,
            help: help,
            isRepeating: true,
            defaultDescription: defaultDescription
        )
        return OptionKey(spec) { values, _ in values }
    }
}
