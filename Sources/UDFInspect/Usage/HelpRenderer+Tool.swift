extension HelpRenderer {
    /// The help text of the tool itself: OVERVIEW, USAGE, OPTIONS and SUBCOMMANDS,
    /// ending with a newline.
    ///
    /// - Parameters:
    ///   - toolName: The tool's name, for the usage line and the hint.
    ///   - abstract: One line saying what the tool does.
    ///   - commands: The commands in the order they are listed.
    ///   - options: The options the tool itself takes, before `-h, --help`.
    ///   - builtIns: The commands the tool itself answers, listed last.
    ///   - exitCodes: The codes the tool exits with, listed after the commands.
    public static func renderTool(
        toolName: String,
        abstract: String,
        commands: [CommandSpec],
        options: [OptionSpec],
        builtIns: [CommandSpec] = [Inspector.helpSpec],
        exitCodes: HelpSection? = nil
    ) -> String {
        let allOptions = options + [helpOption]
        let optionLabels = allOptions.map(label(of:))
        let subcommands = (commands + builtIns).map { ($0.name, $0.abstract) }
        let codes = exitCodes?.entries ?? []
        let columns = HelpColumns(labels: optionLabels + subcommands.map(\.0) + codes.map(\.label))

        var sections: [[String]] = [
            overview(abstract, discussion: nil),
            ["USAGE: \(toolSynopsis(toolName: toolName))"],
            ["OPTIONS:"] + zip(optionLabels, allOptions).flatMap { label, option in
                columns.lines(label: label, description: description(of: option))
            },
            ["SUBCOMMANDS:"] + subcommands.flatMap { name, abstract in
                columns.lines(label: name, description: abstract)
            },
        ]
        if let exitCodes {
            sections.append(["\(exitCodes.title):"] + codes.flatMap { entry in
                columns.lines(label: entry.label, description: entry.description)
            })
        }
        sections.append(["  See '\(toolName) help <command>' for detailed help."])
        return join(sections)
    }

    /// The tool's usage line, for example `udf-inspect <command> <file> [options]`.
    public static func toolSynopsis(toolName: String) -> String {
        "\(toolName) <command> <file> [options]"
    }
}
