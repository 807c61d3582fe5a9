extension CommandSpec {
    /// The usage line after `USAGE: ` or `Usage: `, for example
    /// `udf-inspect find <file> --where <expr> [--first] [--json]`.
    ///
    /// Required options always show, unbracketed. When the full line would not
    /// fit in 80 columns, only the optional ones shrink to `[options]`; help
    /// still lists them all.
    public func synopsis(toolName: String) -> String {
        let arguments = arguments.map(Self.synopsis(of:))
        let required = options.filter(\.isRequired).map(Self.synopsis(of:))
        let optional = options.filter { !$0.isRequired }.map(Self.synopsis(of:))
        let full = ([toolName, name] + arguments + required + optional).joined(separator: " ")
        if "USAGE: ".count + full.count <= HelpRenderer.width || optional.isEmpty {
            return full
        }
        return ([toolName, name] + arguments + required + ["[options]"]).joined(separator: " ")
    }

    private static func synopsis(of argument: ArgumentSpec) -> String {
        let repeated = argument.isRepeating ? "\(argument.label) ..." : argument.label
        return argument.isOptional ? "[\(repeated)]" : repeated
    }

    private static func synopsis(of option: OptionSpec) -> String {
        if option.isRequired {
            return option.isRepeating ? "\(option.synopsis) ..." : option.synopsis
        }
        return option.isRepeating ? "[\(option.synopsis) ...]" : "[\(option.synopsis)]"
    }
}
