/// The manual page, in roff (man(7) macros), generated from the same command
/// specs as help: NAME, SYNOPSIS, DESCRIPTION, GLOBAL OPTIONS, COMMANDS (each
/// with its usage, arguments, options and extra sections), EXIT STATUS.
public enum ManPageRenderer {
    public static func render(
        toolName: String,
        abstract: String,
        version: String,
        commands: [CommandSpec],
        globalOptions: [OptionSpec]
    ) -> String {
        var lines = [
            ".TH \(escape(toolName.uppercased())) 1 \"\" \"\(escape(toolName)) \(escape(version))\" \"User Commands\"",
            ".SH NAME",
            "\(escape(toolName)) \\- \(escape(abstract))",
            ".SH SYNOPSIS",
            ".B \(escape(toolName))",
            "[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIarguments\\fR] [\\fIoptions\\fR]",
            ".SH DESCRIPTION",
            escape("Each command reads a recording file (.udf); 'help <command>' and '<command> --help' print the same text as this page's section for it."),
            ".SH GLOBAL OPTIONS",
        ]
        for option in globalOptions + [OptionSpec.flag("--version", help: "Show the version."), HelpRenderer.helpOption] {
            lines += entry(label(of: option), HelpRenderer.description(of: option))
        }
        lines.append(".SH COMMANDS")
        for command in commands {
            lines.append(".SS \(escape(command.name))")
            lines.append(escape(command.abstract))
            if let discussion = command.discussion, !discussion.isEmpty {
                for paragraph in discussion.split(separator: "\n") {
                    lines += [".PP", escape(String(paragraph))]
                }
            }
            lines += [".PP", "\\fBUsage:\\fR \(escape(command.synopsis(toolName: toolName)))"]
            for argument in command.arguments {
                lines += entry("\\fI\(escape(HelpRenderer.label(of: argument)))\\fR", argument.help)
            }
            for option in command.options {
                lines += entry(label(of: option), HelpRenderer.description(of: option))
            }
            for section in command.sections {
                lines += [".PP", "\\fB\(escape(section.title)):\\fR"]
                for item in section.entries {
                    lines += entry("\\fB\(escape(item.label))\\fR", item.description)
                }
            }
            for example in command.examples {
                lines += [".PP", ".nf", escape(example), ".fi"]
            }
        }
        lines.append(".SH EXIT STATUS")
        for code in ExitCode.helpSection.entries {
            lines += entry("\\fB\(code.label)\\fR", code.description)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func entry(_ label: String, _ description: String) -> [String] {
        [".TP", label, escape(description)]
    }

    private static func label(of option: OptionSpec) -> String {
        let names = option.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
        guard let valueName = option.valueName else { return names }
        return names + " \\fI\(escape(valueName))\\fR"
    }

    /// Text safe in roff: backslashes escaped, dashes unbreakable minus signs,
    /// arrows and dots as groff's named glyphs (which every device has), other
    /// characters than ASCII as `\[uXXXX]`, and a line never starting
    /// with a control character.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "…": escaped += "..."
            case "→": escaped += "\\(->"
            case "←": escaped += "\\(<-"
            case "↑": escaped += "\\(ua"
            case "↓": escaped += "\\(da"
            case "·": escaped += "\\(pc"
            case _ where !character.isASCII:
                // groff reads ASCII; anything else as its code point, such as \[u2026] for an ellipsis.
                for scalar in character.unicodeScalars {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\[u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + "]"
                }
            default: escaped.append(character)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") {
            escaped = "\\&" + escaped
        }
        return escaped
    }
}
