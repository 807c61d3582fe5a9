extension HelpRenderer {
    /// The help text of the tool itself: OVERVIEW, USAGE, OPTIONS and SUBCOMMANDS,
    /// ending with a newline.
    ///
    /// - Parameters:
    ///   - toolName: The tool's name, for the usage line and the hint.
    ///   - abstract: One line saying what the tool does.
    ///   - commands: The commands in the order they are listed.
    ///   - options: The options the tool itself takes, before `-h, --help`.
    public static func renderTool(
        toolName: String,
        abstract: String,
        commands: [CommandSpec],
        options: [OptionSpec]
    ) -> String {
        let allOptions = options + [helpOption]
        let optionLabels = allOptions.map(label(of:))
        let subcommands = commands.map { ($0.name, $0.abstract) } + [("help", "Show help for a command.")]
        let columns = HelpColumns(labels: optionLabels + subcommands.map(\.0))

        let sections: [[String]] = [
            overview(abstract, discussion: nil),
            ["USAGE: \(toolSynopsis(toolName: toolName))"],
            ["OPTIONS:"] + zip(optionLabels, allOptions).flatMap { label, option in
                columns.lines(label: label, description: description(of: option))
            },
            ["SUBCOMMANDS:"] + subcommands.flatMap { name, abstract in
                columns.lines(label: name, description: abstract)
            },
            ["  See '\(toolName) help <command>' for detailed help."],
        ]
        return join(sections)
    }

    /// The tool's usage line, for example `udf-inspect <command> <file> [options]`.
    public static func toolSynopsis(toolName: String) -> String {
        "\(toolName) <command> <file> [options]"
    }
}
