import UDFInspect

/// A tiny command for ``InspectorTests``: prints its words.
struct EchoCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "echo",
        abstract: "Print the words given.",
        arguments: [ArgumentSpec(name: "words", help: "The words to print.", isRepeating: true)],
        options: [
            upperKey.spec,
            timesKey.spec,
        ],
        examples: ["udf-inspect echo hello world --times 2"]
    )

    static let upperKey = OptionKey<Bool>.flag("-u", "--upper", help: "Print in capitals.")
    static let timesKey = OptionKey<Int?>.int("--times", value: "n", help: "How many times to print.", defaultDescription: "1")

    let words: [String]
    let upper: Bool
    let times: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        words = arguments.positionals("words")
        upper = try arguments.value(Self.upperKey)
        times = try arguments.value(Self.timesKey) ?? 1
        guard times >= 1 else {
            throw arguments.usageError("'--times' must be at least 1")
        }
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let line = words.joined(separator: " ")
        for _ in 0..<times {
            context.console.out(context.colour.bold(upper ? line.uppercased() : line))
        }
        return .success
    }
}
