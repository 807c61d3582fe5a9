/// Everything the parser and the help renderer need to know about a command.
///
/// For example:
///
/// ```swift
/// CommandSpec(
///     name: "log",
///     abstract: "Show the steps of a recording.",
///     arguments: [ArgumentSpec(name: "file", help: "The recording to read.")],
///     options: [.option("--session", value: "id", help: "The session to read.")],
///     examples: ["udf-inspect log app.udf --session 2"]
/// )
/// ```
public struct CommandSpec: Sendable, Equatable {
    /// The word typed after the tool name, for example `log`.
    public var name: String
    /// One line shown in OVERVIEW and in the tool's SUBCOMMANDS list.
    public var abstract: String
    /// Longer text shown under OVERVIEW; line breaks separate paragraphs or list items.
    public var discussion: String?
    /// The positional arguments, in order.
    public var arguments: [ArgumentSpec]
    /// The options; `-h`/`--help` is always added and must not be declared.
    public var options: [OptionSpec]
    /// Complete command lines shown verbatim under EXAMPLES.
    public var examples: [String]
    /// Further sections of help, such as KEYS and EXIT CODES, shown before EXAMPLES.
    public var sections: [HelpSection]

    /// Creates a command description.
    public init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        sections: [HelpSection] = [],
        examples: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.sections = sections
    }

    /// The option spelled `name`, if the command declares one.
    public func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// Whether the command declares `key`, for code shared by commands that differ in their options.
    public func declares<Value>(_ key: OptionKey<Value>) -> Bool {
        options.contains { $0.names == key.spec.names }
    }

    /// The positional argument called `name`, if the command declares one.
    public func argument(named name: String) -> ArgumentSpec? {
        arguments.first { $0.name == name }
    }
}
