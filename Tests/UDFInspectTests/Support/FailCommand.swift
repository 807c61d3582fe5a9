import UDFInspect

/// A tiny command for ``InspectorTests``: fails in the way asked.
struct FailCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "fail",
        abstract: "Fail in a chosen way.",
        arguments: [ArgumentSpec(name: "file", help: "A file name for the message.")],
        options: [kindKey.spec]
    )

    static let kindKey = OptionKey<String?>.choice("--kind", value: "kind", allowed: kinds, help: "How to fail.")

    static let kinds = ["cannot-open", "corrupt", "not-found", "io", "usage", "nothing", "none"]

    let file: String
    let kind: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        file = arguments.positional("file") ?? ""
        kind = try arguments.value(Self.kindKey) ?? "none"
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        context.console.out("before failing")
        switch kind {
        case "cannot-open":
            throw .cannotOpen(path: file, reason: "no such file")
        case "corrupt":
            throw .corrupt(path: file, reason: "file is not a database")
        case "not-found":
            throw .notFound("no step 42 in '\(file)'")
        case "io":
            throw .io("reading '\(file)': input/output error")
        case "usage":
            throw .usage(UsageError("Step 9 is after the last step"))
        case "nothing":
            return .notFound
        default:
            return .success
        }
    }
}
