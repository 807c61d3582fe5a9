/// Renders the `--help` text of a command, in the style of swift-argument-parser.
///
/// The sections are OVERVIEW, USAGE, ARGUMENTS (when there are any), OPTIONS (always,
/// since `-h, --help` is always there) and EXAMPLES (when there are any), with
/// descriptions in an aligned column and prose wrapped at 80 columns.
public struct HelpRenderer {
    /// The terminal width help is wrapped to.
    public static let width = 80

    /// The entry every command's OPTIONS section ends with.
    static let helpOption = OptionSpec(names: ArgumentParser.helpNames, help: "Show help information.")

    /// The help text of `spec`, ending with a newline.
    ///
    /// - Parameters:
    ///   - spec: The command to describe.
    ///   - toolName: The tool's name, for the usage line.
    ///   - globalOptions: Options every command of the tool takes, such as `--color`,
    ///     listed under GLOBAL OPTIONS.
    public static func render(_ spec: CommandSpec, toolName: String, globalOptions: [OptionSpec] = []) -> String {
        let options = spec.options + [helpOption]
        let argumentLabels = spec.arguments.map(label(of:))
        let optionLabels = options.map(label(of:))
        let globalLabels = globalOptions.map(label(of:))
        let sectionLabels = spec.sections.flatMap { $0.entries.map(\.label) }
        let columns = HelpColumns(labels: argumentLabels + optionLabels + globalLabels + sectionLabels)

        var sections: [[String]] = [overview(spec.abstract, discussion: spec.discussion)]
        sections.append(["USAGE: \(spec.synopsis(toolName: toolName))"])
        if !spec.arguments.isEmpty {
            sections.append(
                ["ARGUMENTS:"] + zip(argumentLabels, spec.arguments).flatMap { label, argument in
                    columns.lines(label: label, description: argument.help)
                }
            )
        }
        sections.append(
            ["OPTIONS:"] + zip(optionLabels, options).flatMap { label, option in
                columns.lines(label: label, description: description(of: option))
            }
        )
        if !globalOptions.isEmpty {
            sections.append(
                ["GLOBAL OPTIONS:"] + zip(globalLabels, globalOptions).flatMap { label, option in
                    columns.lines(label: label, description: description(of: option))
                }
            )
        }
        for section in spec.sections {
            sections.append(
                ["\(section.title):"] + section.entries.flatMap { entry in
                    columns.lines(label: entry.label, description: entry.description)
                }
            )
        }
        if !spec.examples.isEmpty {
            sections.append(["EXAMPLES:"] + spec.examples.map { "  " + $0 })
        }
        return join(sections)
    }

    /// The OVERVIEW section: the abstract, then the discussion as its own paragraph.
    static func overview(_ abstract: String, discussion: String?) -> [String] {
        var lines = TextWrapper.wrap("OVERVIEW: " + abstract, width: width)
        if let discussion, !discussion.isEmpty {
            lines.append("")
            lines += TextWrapper.wrap(discussion, width: width)
        }
        return lines
    }

    /// Sections separated by one blank line, the whole ending with a newline.
    static func join(_ sections: [[String]]) -> String {
        sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    static func label(of argument: ArgumentSpec) -> String {
        argument.isRepeating ? "\(argument.label) ..." : argument.label
    }

    static func label(of option: OptionSpec) -> String {
        let names = option.names.joined(separator: ", ")
        if let valueName = option.valueName {
            return "\(names) <\(valueName)>"
        }
        return names
    }

    static func description(of option: OptionSpec) -> String {
        guard let defaultDescription = option.defaultDescription else {
            return option.help
        }
        return "\(option.help) (default: \(defaultDescription))"
    }
}
