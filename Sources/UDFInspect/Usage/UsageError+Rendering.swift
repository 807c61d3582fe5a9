extension UsageError {
    /// The three lines printed on stderr: the error, the usage line, and where to get help.
    ///
    /// For example:
    ///
    /// ```
    /// Error: Unknown option '--foo'
    /// Usage: udf-inspect log <file> [--session <id>]
    ///   See 'udf-inspect log --help' for more information.
    /// ```
    ///
    /// - Parameters:
    ///   - toolName: The tool's name, for the help hint.
    ///   - usage: The synopsis of the command (or of the tool) the error is about.
    public func rendered(toolName: String, usage: String) -> [String] {
        let helpCommand = [toolName, commandName].compactMap { $0 }.joined(separator: " ")
        return [
            description,
            "Usage: \(usage)",
            "  See '\(helpCommand) --help' for more information.",
        ]
    }
}
