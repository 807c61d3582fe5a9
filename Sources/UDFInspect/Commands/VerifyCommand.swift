import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect verify FILE`: integrity of the schema, patch chains and hashes;
/// with `--replay`, whether the app's reducer reproduces the recording.
struct VerifyCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "verify",
        abstract: "Check a recording: SQLite integrity, every patch chain and every state hash.",
        discussion: "Rebuilds every step of every timeline and compares its hash with the stored one. Exits with 0 when the file is sound and 65 when it is not, listing each problem. With --replay, re-runs the timeline's recorded actions through the app's registered reducer instead, and reports the first step whose state differs from the recording, with the diff: a sign of an impure reducer (exit 65).",
        arguments: [CommonOptions.file],
        options: [
            .option("--session", value: "id", help: "Check only this session.", defaultDescription: "every session; the latest with --replay"),
            .flag("--replay", help: "Re-run the recorded actions through the app's reducer and compare every state."),
            .option("--timeline", value: "name", help: "With --replay, the timeline to re-run.", defaultDescription: "main"),
            .option("--reducer", value: "name", help: "With --replay, which registered reducer to run.", defaultDescription: "the app's first"),
            CommonOptions.json,
        ],
        examples: ["udf-inspect verify todo.udf", "udf-inspect verify todo.udf --replay", "udf-inspect verify todo.udf --replay --reducer impure"]
    )

    let path: String
    let session: Int?
    let json: Bool
    let replay: Bool
    let timeline: String?
    let reducer: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        session = try arguments.int("--session")
        json = arguments.flag("--json")
        replay = arguments.flag("--replay")
        timeline = arguments.value("--timeline")
        reducer = arguments.value("--reducer")
        if !replay, timeline != nil || reducer != nil {
            throw arguments.usageError("'--timeline' and '--reducer' need '--replay'")
        }
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        if replay {
            return try runReplay(context)
        }
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
            let counts = "\(report.sessions) session\(report.sessions == 1 ? "" : "s"), \(report.timelines) timeline\(report.timelines == 1 ? "" : "s"), \(report.steps) step\(report.steps == 1 ? "" : "s"), \(report.keyframes) keyframe\(report.keyframes == 1 ? "" : "s")"
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

    /// `verify --replay`: the first step whose replayed state differs, with its diff.
    private func runReplay(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try RecordingSelection(path: path, session: session, timeline: timeline)
        let request = ReplayRequest(
            path: path, session: selection.session.id, timeline: selection.timeline.name, reducer: reducer, mode: .verify
        )
        let report = try ReplayInvocation.run(request, app: selection.session.app, context: context)
        let node = report.divergence.flatMap { JSONDiff.diff($0.recorded, $0.replayed) }
        if json {
            var divergence: JSONValue = .null
            if let found = report.divergence {
                divergence = .object([
                    "step": .number(JSONNumber(found.step)),
                    "action": found.action ?? .null,
                    "patch": node?.patch().jsonValue ?? .array([]),
                ])
            }
            context.console.json(.object([
                "ok": .bool(report.divergence == nil),
                "timeline": .string(report.timeline),
                "reducer": .string(report.reducer),
                "stepsReplayed": .number(JSONNumber(report.stepsReplayed)),
                "reappliedSteps": .array(report.reappliedSteps.map { .number(JSONNumber($0)) }),
                "divergence": divergence,
            ]))
            return report.divergence == nil ? .success : .dataError
        }
        let colour = context.colour
        let reapplied = report.reappliedSteps.isEmpty ? "" : "; redacted \(report.reappliedSteps.count == 1 ? "action at step" : "actions at steps") \(report.reappliedSteps.map(String.init).joined(separator: ", ")) not re-run: recorded change applied"
        guard let found = report.divergence else {
            context.console.out("\(colour.green("ok")): replayed \(report.stepsReplayed) actions of \(report.timeline) through reducer '\(report.reducer)'; every state matches the recording\(reapplied)")
            return .success
        }
        if found.step == 0 {
            context.console.out("\(colour.red("FAILED")): the state at \(report.timeline)@0 does not survive a round trip through the app's state type")
        } else {
            context.console.out("\(colour.red("FAILED")): replaying \(report.timeline) through reducer '\(report.reducer)' gives another state at step \(found.step) · \(ActionFormatter.format(found.action))")
            context.console.out("The same action on the same state gave a different result: the reducer is impure. Look for a clock, a random number or I/O inside it.")
        }
        context.console.out(colour.dim("diff recorded → replayed at \(report.timeline)@\(found.step)"))
        if let node {
            context.console.write(DiffCommand.render(node, format: "tree", colour: context.colourEnabled))
        }
        return .dataError
    }
}
