import UDFJSON
import UDFLog

/// `udf-inspect verify FILE`: integrity of the schema, patch chains and hashes.
struct VerifyCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "verify",
        abstract: "Check a recording: SQLite integrity, every patch chain and every state hash.",
        discussion: "Rebuilds every step of every timeline and compares its hash with the stored one. Exits with 0 when the file is sound and 65 when it is not, listing each problem.",
        arguments: [CommonOptions.file],
        options: [
            .option("--session", value: "id", help: "Check only this session.", defaultDescription: "every session"),
            CommonOptions.json,
        ],
        examples: ["udf-inspect verify todo.udf"]
    )

    let path: String
    let session: Int?
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        session = try arguments.int("--session")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let report: VerificationReport
        do {
            let recording = try Recording(path: path)
            let chosen = try session.map { id throws(RecordingError) in try recording.session(id) }
            report = try recording.verify(session: chosen)
        } catch {
            throw InspectError(error)
        }
        if json {
            context.console.json(.object([
                "ok": .bool(report.isOK),
                "integrityCheck": .string(report.integrityOK ? "ok" : "failed"),
                "sessions": .number(JSONNumber(report.sessions)),
                "timelines": .number(JSONNumber(report.timelines)),
                "steps": .number(JSONNumber(report.steps)),
                "keyframes": .number(JSONNumber(report.keyframes)),
                "problems": .array(report.problems.map(JSONValue.string)),
            ]))
        } else {
            let counts = "\(report.sessions) session\(report.sessions == 1 ? "" : "s"), \(report.timelines) timeline\(report.timelines == 1 ? "" : "s"), \(report.steps) steps, \(report.keyframes) keyframes"
            if report.isOK {
                context.console.out("\(context.colour.green("ok")): \(counts); integrity_check ok; every state hash verified")
            } else {
                context.console.out("\(context.colour.red("FAILED")): \(counts); \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")")
                for problem in report.problems {
                    context.console.out("  \(problem)")
                }
            }
        }
        return report.isOK ? .success : .dataError
    }
}
