import UDFJSON
import UDFLog

/// `udf-inspect replay FILE --name NEW`: re-run a timeline's actions through
/// the host's reducer, with edits, into a new branch.
struct ReplayCommand: InspectCommand {
    static let name = OptionKey<String?>.text("--name", value: "name", help: "The new branch's name.").required()
    static let from = OptionKey<StepPosition?>.position("--from", help: "The fork step, such as 10 or last~5: the replay starts from its recorded state.", defaultDescription: "the step before the first edit, or 0")
    static let skip = OptionKey<[String]>.repeating("--skip", value: "step", help: "Leave out the action of this recorded step.")
    static let replace = OptionKey<[String]>.repeating("--replace", value: "step=json", help: "Run this action instead of the recorded one at the step.")
    static let insert = OptionKey<[String]>.repeating("--insert", value: "step=json", help: "Run this action before the recorded step (last step + 1 appends).")
    static let reducer = OptionKey<String?>.text("--reducer", value: "name", help: "Which registered reducer to run.", defaultDescription: "the app's first")
    static let timeline = OptionKey<String?>.text("--timeline", value: "name", help: "The timeline to replay.", defaultDescription: "main")

    static let spec = CommandSpec(
        name: "replay",
        abstract: "Re-run a timeline's actions through the app's reducer, with edits, into a new branch.",
        discussion: """
            Starts from the recorded state at --from (by default the step before the first edit, or 0) and runs every later recorded action through the reducer, skipping, replacing and inserting as told; the recomputed states go into the new branch, which 'diff main@N NEW@N' compares. Effects are not executed: the recorded actions, including those effects sent, are the input. Needs an inspector with the app's reducers registered (docs/embedding.md). An action is JSON as the log's --json shows it, such as '{"setFilter":{"_0":"all"}}'. Exits with 64 for a bad edit, a taken name or a step beyond the end, and 65 when the recording does not decode into the app's types.
            """,
        arguments: [CommonOptions.file],
        options: [
            Self.name.spec,
            Self.from.spec,
            Self.skip.spec,
            Self.replace.spec,
            Self.insert.spec,
            Self.reducer.spec,
            CommonOptions.session.spec,
            Self.timeline.spec,
            CommonOptions.json.spec,
        ],
        examples: [
            "udf-inspect replay todo.udf --from 10 --reducer fixed --name fix",
            "udf-inspect replay todo.udf --skip 11 --name without-11",
            "udf-inspect replay todo.udf --replace '11={\"deleteTodos\":{\"offsets\":[2]}}' --name swipe-2",
        ]
    )

    let recording: RecordingArguments
    let name: String
    let from: StepPosition?
    let edits: ReplayEdits
    let reducer: String?
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        guard let name = try arguments.value(Self.name) else {
            throw arguments.usageError("Missing expected option '--name <name>'")
        }
        self.name = name
        from = try arguments.value(Self.from)
        reducer = try arguments.value(Self.reducer)
        json = try arguments.value(CommonOptions.json)
        var edits = ReplayEdits()
        for text in try arguments.value(Self.skip) {
            guard let step = Int(text), step >= 0 else {
                throw arguments.usageError("The value '\(text)' is invalid for '--skip <step>'")
            }
            edits.skipped.insert(step)
        }
        for text in try arguments.value(Self.replace) {
            let (step, action) = try Self.stepAction(text, option: "--replace", arguments)
            guard edits.replacements[step] == nil else {
                throw arguments.usageError("step \(step) is replaced twice")
            }
            edits.replacements[step] = action
        }
        for text in try arguments.value(Self.insert) {
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
        let fork = from?.start(lastStep: selection.timeline.lastStep)
        let request = ReplayRequest(
            path: recording.path, session: selection.session.id, timeline: selection.timeline.name, reducer: reducer,
            mode: .branch(name: name, from: fork, edits: edits)
        )
        let report: ReplayReport
        do {
            report = try ReplayInvocation.run(request, session: selection.session, context: context)
        } catch {
            throw namingKnownCases(error, selection)
        }
        guard let branch = report.branch else {
            throw InspectError.invalidData("the host replayed but wrote no branch")
        }
        if json {
            try context.console.json(ReplayOutput(
                session: selection.session.id,
                timeline: report.timeline,
                branch: TimelineRecord(branch, parentName: report.timeline),
                reducer: report.reducer,
                fromStep: report.fromStep,
                replayedStepCount: report.stepsReplayed,
                reappliedSteps: report.reappliedSteps
            ))
            return .success
        }
        let steps = branch.lastStep >= branch.firstOwnStep ? "steps \(branch.firstOwnStep)…\(branch.lastStep)" : "no steps"
        context.console.out("Replayed \(report.stepsReplayed) action\(report.stepsReplayed == 1 ? "" : "s") of \(HiddenScalars.escaped(report.timeline)) from step \(report.fromStep) through reducer '\(report.reducer)' into '\(branch.shownName)' (\(steps)); effects were not run.")
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
            context.console.out(context.colour.dim("Compare: udf-inspect diff \(DemoCommand.shellQuoted(recording.path)) \(DemoCommand.shellQuoted("\(report.timeline)@\(pair.parent)")) \(DemoCommand.shellQuoted("\(branch.name)@\(pair.branch)"))"))
        }
        return .success
    }

    /// An edited action that does not decode gets the action cases the timeline
    /// recorded, and the closest one to the case it names.
    private func namingKnownCases(_ error: InspectError, _ selection: RecordingSelection) -> InspectError {
        var message = error.message
        if message.hasSuffix(".") { message.removeLast() }
        guard message.contains("given for step"), message.contains("does not decode"),
              let statistics = try? selection.recording.statistics(on: selection.timeline) else {
            return error
        }
        let known = statistics.actions.map(\.name).sorted()
        let edited = (Array(edits.replacements.values) + edits.insertions.values.flatMap { $0 }).compactMap(Self.caseName)
        let hint = edited.first { !known.contains($0) }.map { Suggestion.didYouMean($0, among: known) } ?? ""
        let extended = message + hint + (hint.isEmpty ? ". " : " ") + "Cases recorded on '\(selection.timeline.name)': \(known.joined(separator: ", "))"
        switch error {
        case .invalidData: return .invalidData(extended)
        default: return .badArgument(extended)
        }
    }

    /// The case an action names: its only key (`{"addTodo": …}`) or the string itself.
    private static func caseName(_ action: JSONValue) -> String? {
        if let name = action.stringValue { return name }
        if let members = action.objectValue, members.count == 1 { return members.keys.first }
        return nil
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
