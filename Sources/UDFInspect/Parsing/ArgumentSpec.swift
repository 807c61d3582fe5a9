/// A positional argument of a command, such as the `<file>` in `log <file>`.
///
/// Positionals are matched in declaration order. An optional argument only takes a
/// value when enough values remain for the required arguments after it, and a
/// repeating argument takes every value left, so it belongs last.
public struct ArgumentSpec: Sendable, Equatable {
    /// The name shown as `<name>` in help and used to look the value up.
    public var name: String
    /// One sentence shown in the ARGUMENTS section.
    public var help: String
    /// Whether the command runs without this argument.
    public var isOptional: Bool
    /// Whether the argument collects every remaining positional value.
    public var isRepeating: Bool

    /// Creates a positional argument.
    ///
    /// For example:
    ///
    /// ```swift
    /// ArgumentSpec(name: "file", help: "The recording to read.")
    /// ```
    public init(name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isRepeating = isRepeating
    }

    /// The name as shown in help and messages, for example `<file>`.
    public var label: String {
        "<\(name)>"
    }
}
