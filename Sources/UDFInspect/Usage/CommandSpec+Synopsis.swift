extension CommandSpec {
    /// The usage line after `USAGE: ` or `Usage: `, for example
    /// `udf-inspect log <file> [--session <id>] [--json]`.
    ///
    /// When the full line would not fit in 80 columns, the options shrink to
    /// `[options]`; help still lists them all.
    public func synopsis(toolName: String) -> String {
        let arguments = arguments.map(Self.synopsis(of:))
        let full = ([toolName, name] + arguments + options.map(Self.synopsis(of:))).joined(separator: " ")
        if "USAGE: ".count + full.count <= HelpRenderer.width || options.isEmpty {
            return full
        }
        return ([toolName, name] + arguments + ["[options]"]).joined(separator: " ")
    }

    private static func synopsis(of argument: ArgumentSpec) -> String {
        let repeated = argument.isRepeating ? "\(argument.label) ..." : argument.label
        return argument.isOptional ? "[\(repeated)]" : repeated
    }

    private static func synopsis(of option: OptionSpec) -> String {
        option.isRepeating ? "[\(option.synopsis) ...]" : "[\(option.synopsis)]"
    }
}
