import UDFJSON
import UDFLog

/// `udf-inspect replay FILE --name NEW`: re-run a timeline's actions through
/// the host's reducer, with edits, into a new branch.
struct ReplayCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "replay",
        abstract: "Re-run a timeline's actions through the app's reducer, with edits, into a new branch.",
        discussion: """
            Starts from the recorded state at --from (by default the step before the first edit, or 0) and runs every later recorded action through the reducer, skipping, replacing and inserting as told; the recomputed states go into the new branch, which 'diff main@N NEW@N' compares. Effects are not executed: the recorded actions, including those effects sent, are the input. Needs an inspector with the app's reducers registered (docs/embedding.md). An action is JSON as the log's --json shows it, such as '{"setFilter":{"_0":"all"}}'. Exits with 64 for a bad edit, a taken name or a step beyond the end, and 65 when the recording does not decode into the app's types.
            """,
        arguments: [CommonOptions.file],
        options: [
            .option("--name", value: "name", help: "The new branch's name."),
            .option("--from", value: "step", help: "The fork step: the replay starts from its recorded state.", defaultDescription: "the step before the first edit, or 0"),
            .option("--skip", value: "step", help: "Leave out the action of this recorded step.", isRepeating: true),
            .option("--replace", value: "step=json", help: "Run this action instead of the recorded one at the step.", isRepeating: true),
            .option("--insert", value: "step=json", help: "Run this action before the recorded step (last step + 1 appends).", isRepeating: true),
            .option("--reducer", value: "name", help: "Which registered reducer to run.", defaultDescription: "the app's first"),
            CommonOptions.session,
            .option("--timeline", value: "name", help: "The timeline to replay.", defaultDescription: "main"),
            CommonOptions.json,
        ],
        examples: [
            "udf-inspect replay todo.udf --from 10 --reducer fixed --name fix",
            "udf-inspect replay todo.udf --skip 11 --name without-11",
            "udf-inspect replay todo.udf --replace '11={\"deleteTodos\":{\"offsets\":[2]}}' --name swipe-2",
        ]
    )

    let recording: RecordingArguments
    let name: String
    let from: Int?
    let edits: ReplayEdits
    let reducer: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        guard let name = arguments.value("--name") else {
            throw arguments.usageError("Missing expected option '--name <name>'")
        }
        self.name = name
        from = try arguments.int("--from")
        if let from, from < 0 {
            throw arguments.usageError("'--from' must be a step, 0 or greater")
        }
        reducer = arguments.value("--reducer")
        json = arguments.flag("--json")
        var edits = ReplayEdits()
        for text in arguments.values("--skip") {
            guard let step = Int(text), step >= 0 else {
                throw arguments.usageError("The value '\(text)' is invalid for '--skip <step>'")
            }
            edits.skipped.insert(step)
        }
        for text in arguments.values("--replace") {
            let (step, action) = try Self.stepAction(text, option: "--replace", arguments)
            guard edits.replacements[step] == nil else {
                throw arguments.usageError("step \(step) is replaced twice")
            }
            edits.replacements[step] = action
        }
        for text in arguments.values("--insert") {
            let (step, action) = try Self.stepAction(text, option: "--insert", arguments)
            edits.insertions[step, default: []].append(action)
        }
        self.edits = edits
    }

    /// Parses `STEP=JSON`.
    static func stepAction(_ text: String, option: String, _ arguments: ParsedArguments) throws(UsageError) -> (Int, JSONValue) {
        guard let equals = text.firstIndex(of: "="), let step = Int(text[..<equals]), step >= 0 else {
            throw arguments.usageError("The value '\(text)' is invalid for '\(option) <step=json>': write STEP=JSON, such as 12='{\"setFilter\":{\"_0\":\"all\"}}'")
        }
        do {
            return (step, try JSONParser().parse(String(text[text.index(after: equals)...])))
        } catch {
            throw arguments.usageError("the action for step \(step) of '\(option)' is not JSON: \(error)")
        }
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        let request = ReplayRequest(
            path: recording.path, session: selection.session.id, timeline: selection.timeline.name, reducer: reducer,
            mode: .branch(name: name, from: from, edits: edits)
        )
        let report = try ReplayInvocation.run(request, app: selection.session.app, context: context)
        guard let branch = report.branch else {
            throw InspectError.invalidData("the host replayed but wrote no branch")
        }
        if json {
            context.console.json(.object([
                "branch": JSONShapes.timeline(branch, parentName: report.timeline),
                "reducer": .string(report.reducer),
                "fromStep": .number(JSONNumber(report.fromStep)),
                "stepsReplayed": .number(JSONNumber(report.stepsReplayed)),
                "reappliedSteps": .array(report.reappliedSteps.map { .number(JSONNumber($0)) }),
            ]))
            return .success
        }
        let steps = branch.lastStep >= branch.firstOwnStep ? "steps \(branch.firstOwnStep)…\(branch.lastStep)" : "no steps"
        context.console.out("Replayed \(report.stepsReplayed) action\(report.stepsReplayed == 1 ? "" : "s") of \(report.timeline) from step \(report.fromStep) through reducer '\(report.reducer)' into '\(branch.name)' (\(steps)); effects were not run.")
        var edited: [String] = []
        if !edits.skipped.isEmpty { edited.append("skipped " + edits.skipped.sorted().map(String.init).joined(separator: ", ")) }
        if !edits.replacements.isEmpty { edited.append("replaced " + edits.replacements.keys.sorted().map(String.init).joined(separator: ", ")) }
        let inserted = edits.insertions.filter { !$0.value.isEmpty }
        if !inserted.isEmpty { edited.append("inserted before " + inserted.keys.sorted().map(String.init).joined(separator: ", ")) }
        if !edited.isEmpty {
            context.console.out("Edits: \(edited.joined(separator: "; ")) (recorded step numbers).")
        }
        if !report.reappliedSteps.isEmpty {
            context.console.out("Redacted \(report.reappliedSteps.count == 1 ? "action at step" : "actions at steps") \(report.reappliedSteps.map(String.init).joined(separator: ", ")) not re-run: its recorded change was applied.")
        }
        if let pair = ReplayCommand.comparison(branch: branch, parentLastStep: selection.timeline.lastStep) {
            context.console.out(context.colour.dim("Compare: udf-inspect diff \(DemoCommand.shellQuoted(recording.path)) \(report.timeline)@\(pair.parent) \(branch.name)@\(pair.branch)"))
        }
        return .success
    }

    /// The steps to compare after a replay: the branch's last step against
    /// the same step of the parent; but when the branch runs past the
    /// parent's end (an `--insert` at the end), the two last steps, since
    /// the same step would hold the same actions, or be shared, and print
    /// "(no changes)". Nil when the branch stores no step.
    static func comparison(branch: TimelineInfo, parentLastStep: Int) -> (parent: Int, branch: Int)? {
        guard branch.lastStep >= branch.firstOwnStep else { return nil }
        if branch.lastStep > parentLastStep { return (parentLastStep, branch.lastStep) }
        return (branch.lastStep, branch.lastStep)
    }
}
