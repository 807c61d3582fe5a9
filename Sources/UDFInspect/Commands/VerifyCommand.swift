import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect verify FILE`: integrity of the schema, patch chains and hashes;
/// with `--replay`, whether the app's reducer reproduces the recording.
struct VerifyCommand: InspectCommand {
    static let session = OptionKey<Int?>.int("--session", value: "id", help: "Check only this session.", defaultDescription: "every session; the latest with --replay")
    static let replay = OptionKey<Bool>.flag("--replay", help: "Re-run the recorded actions through the app's reducer and compare every state.")
    static let timeline = OptionKey<String?>.text("--timeline", value: "name", help: "With --replay, the timeline to re-run.", defaultDescription: "main")
    static let jobs = OptionKey<Int?>.int("--jobs", value: "n", help: "How many threads check a long timeline at once; the report is the same with any number.", defaultDescription: "the number of cores")
    static let reducer = OptionKey<String?>.text("--reducer", value: "name", help: "With --replay, which registered reducer to run.", defaultDescription: "the app's first")

    static let spec = CommandSpec(
        name: "verify",
        abstract: "Check a recording: SQLite integrity, its schema, every patch chain and every state hash.",
        discussion: "Rebuilds every step of every timeline and compares its hash with the stored one. Exits with 0 when the file is sound and 65 when it is not, listing each problem. With --replay, re-runs the timeline's recorded actions through the app's registered reducer instead, and reports the first step whose state differs from the recording, with the diff: a sign of an impure reducer (exit 65).",
        arguments: [CommonOptions.file],
        options: [
            Self.session.spec,
            Self.replay.spec,
            Self.timeline.spec,
            Self.reducer.spec,
            Self.jobs.spec,
            CommonOptions.json.spec,
        ],
        examples: ["udf-inspect verify todo.udf", "udf-inspect verify todo.udf --replay", "udf-inspect verify todo.udf --replay --reducer impure"]
    )

    let path: String
    let session: Int?
    let json: Bool
    let replay: Bool
    let timeline: String?
    let reducer: String?
    let jobs: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        session = try arguments.value(Self.session)
        json = try arguments.value(CommonOptions.json)
        replay = try arguments.value(Self.replay)
        timeline = try arguments.value(Self.timeline)
        reducer = try arguments.value(Self.reducer)
        if !replay, timeline != nil || reducer != nil {
            throw arguments.usageError("'--timeline' and '--reducer' need '--replay'")
        }
        jobs = try arguments.jobs(Self.jobs)
        if replay, try arguments.isGiven(Self.jobs) {
            throw arguments.usageError("'--jobs' does not apply to '--replay'")
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
            report = try recording.verify(session: chosen, workers: jobs)
        } catch {
            throw InspectError(error)
        }
        if json {
            try context.console.json(VerifyOutput(
                ok: report.isOK,
                integrityCheck: report.integrityOK ? "ok" : "failed",
                sessionCount: report.sessions,
                timelineCount: report.timelines,
                stepCount: report.steps,
                keyframeCount: report.keyframes,
                problems: report.problems
            ))
        } else {
            let counts = "\(counted(report.sessions, "session")), \(counted(report.timelines, "timeline")), \(counted(report.steps, "step")), \(counted(report.keyframes, "keyframe"))"
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
        let report = try ReplayInvocation.run(request, session: selection.session, context: context)
        let node = report.divergence.flatMap { JSONDiff.diff($0.recorded, $0.replayed) }
        if json {
            try context.console.json(VerifyReplayOutput(
                ok: report.divergence == nil,
                session: selection.session.id,
                timeline: report.timeline,
                reducer: report.reducer,
                replayedStepCount: report.stepsReplayed,
                reappliedSteps: report.reappliedSteps,
                divergence: report.divergence.map { found in
                    VerifyReplayOutput.Divergence(step: found.step, action: found.action, patch: node?.patch().jsonValue ?? .array([]))
                }
            ))
            return report.divergence == nil ? .success : .dataError
        }
        let colour = context.colour
        let reapplied = report.reappliedSteps.isEmpty ? "" : "; redacted \(report.reappliedSteps.count == 1 ? "action at step" : "actions at steps") \(report.reappliedSteps.map(String.init).joined(separator: ", ")) not re-run: recorded change applied"
        guard let found = report.divergence else {
            context.console.out("\(colour.green("ok")): replayed \(counted(report.stepsReplayed, "action")) of \(report.timeline) through reducer '\(report.reducer)'; every state matches the recording\(reapplied)")
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
