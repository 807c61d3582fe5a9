/// A mistake on the command line: an unknown option, a missing argument, a bad value.
///
/// The message is one sentence without the `Error: ` prefix; ``Inspector`` prints it
/// together with the command's usage line (see ``rendered(toolName:usage:)``).
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for example `Unknown option '--foo'`.
    public var message: String
    /// The command whose command line is wrong, or nil for the tool itself.
    public var commandName: String?

    /// Creates a usage error.
    ///
    /// - Parameters:
    ///   - message: One sentence, without the `Error: ` prefix.
    ///   - commandName: The command being parsed, or nil for the tool itself.
    public init(_ message: String, commandName: String? = nil) {
        self.message = message
        self.commandName = commandName
    }

    public var description: String {
        "Error: \(HiddenScalars.escaped(message))"
    }
}
