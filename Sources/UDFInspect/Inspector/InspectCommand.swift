/// One subcommand of `udf-inspect`, such as `log` or `diff`.
///
/// The initializer is the validation step: it reads and checks the parsed values
/// and throws a ``UsageError`` for anything wrong, before ``run(_:)`` touches a file.
///
/// For example:
///
/// ```swift
/// struct LogCommand: InspectCommand {
///     static let spec = CommandSpec(
///         name: "log",
///         abstract: "Show the steps of a recording.",
///         arguments: [ArgumentSpec(name: "file", help: "The recording to read.")],
///         options: [from.spec]
///     )
///     static let from = OptionKey<Int?>.int("--from", value: "step", help: "The first step to show.")
///
///     let file: String
///     let from: Int?
///
///     init(_ arguments: ParsedArguments) throws(UsageError) {
///         file = arguments.positional("file") ?? ""
///         from = try arguments.value(Self.from)
///     }
///
///     func run(_ context: CommandContext) async throws(InspectError) -> ExitCode {
///         context.console.out("…")
///         return .success
///     }
/// }
/// ```
public protocol InspectCommand {
    /// The command's name, arguments, options and help.
    static var spec: CommandSpec { get }

    /// Reads and validates the parsed command line.
    ///
    /// - Throws: A ``UsageError``, printed with the command's usage line; exit 64.
    init(_ arguments: ParsedArguments) throws(UsageError)

    /// Does the work.
    ///
    /// - Returns: The exit code, ``ExitCode/success`` or ``ExitCode/notFound`` for a
    ///   query that found nothing.
    /// - Throws: An ``InspectError``, printed as one line; its exit code is used.
    func run(_ context: CommandContext) async throws(InspectError) -> ExitCode
}
