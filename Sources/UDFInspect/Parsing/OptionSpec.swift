/// A named option of a command: a flag such as `--json`, or an option with a value
/// such as `--session <id>`.
public struct OptionSpec: Sendable, Equatable {
    /// Every spelling of the option, dashes included, for example `["-o", "--output"]`.
    public var names: [String]
    /// The placeholder shown for the value, for example `id`; nil makes the option a flag.
    public var valueName: String?
    /// One sentence shown in the OPTIONS section.
    public var help: String
    /// Whether the option may be given more than once to collect several values.
    ///
    /// A non-repeating option given twice keeps its last value, so that a script can
    /// override an earlier setting.
    public var isRepeating: Bool
    /// What happens when the option is left out, shown as `(default: …)` in help.
    public var defaultDescription: String?
    /// Whether the command cannot run without it; usage lines then always show it.
    public var isRequired: Bool
    /// The values the option accepts, when it is one of a fixed set, such as
    /// `tree`, `patch`, `paths`; shell completion offers them.
    public var completionValues: [String]

    /// Creates an option.
    ///
    /// - Parameters:
    ///   - names: Every spelling, dashes included.
    ///   - valueName: The value placeholder, or nil for a flag.
    ///   - help: One sentence for the OPTIONS section.
    ///   - isRepeating: Whether values accumulate when the option is repeated.
    ///   - defaultDescription: What a missing option means, for help.
    ///   - isRequired: Whether the command needs it; shown in usage lines.
    ///   - completionValues: The fixed set of values, for shell completion.
    public init(
        names: [String],
        valueName: String? = nil,
        help: String,
        isRepeating: Bool = false,
        defaultDescription: String? = nil,
        isRequired: Bool = false,
        completionValues: [String] = []
    ) {
        self.names = names
        self.valueName = valueName
        self.help = help
        self.isRepeating = isRepeating
        self.defaultDescription = defaultDescription
        self.isRequired = isRequired
        self.completionValues = completionValues
    }

    /// A flag, an option without a value.
    ///
    /// For example:
    ///
    /// ```swift
    /// .flag("--json", help: "Print JSON instead of a table.")
    /// ```
    public static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, help: help)
    }

    /// An option that takes a value.
    ///
    /// For example:
    ///
    /// ```swift
    /// .option("--session", value: "id", help: "The session to read.", defaultDescription: "the latest")
    /// ```
    public static func option(
        _ names: String...,
        value valueName: String,
        help: String,
        isRepeating: Bool = false,
        defaultDescription: String? = nil,
        isRequired: Bool = false,
        completionValues: [String] = []
    ) -> OptionSpec {
        OptionSpec(
            names: names,
            valueName: valueName,
            help: help,
            isRepeating: isRepeating,
            defaultDescription: defaultDescription,
            isRequired: isRequired,
            completionValues: completionValues
        )
    }

    /// Whether the option is a flag, taking no value.
    public var isFlag: Bool {
        valueName == nil
    }

    /// The spelling used in usage lines and messages: the first long name, else the first.
    public var preferredName: String {
        names.first { $0.hasPrefix("--") } ?? names.first ?? ""
    }

    /// The option as named in messages, for example `--session <id>` or `--json`.
    public var synopsis: String {
        if let valueName {
            "\(preferredName) <\(valueName)>"
        } else {
            preferredName
        }
    }
}
