import Foundation
import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect testgen FILE -o PATH`: turns a timeline into a Swift Testing
/// file that replays it through the app's reducer.
struct TestgenCommand: InspectCommand {
    static let output = OptionKey<String?>.text("-o", "--output", value: "path", help: "The Swift file to write; an existing file is replaced.").required()
    static let module = OptionKey<String?>.text("--module", value: "name", help: "The app's module, which the test imports.").required()
    static let state = OptionKey<String?>.text("--state", value: "type", help: "The app's state type, such as AppState.").required()
    static let action = OptionKey<String?>.text("--action", value: "type", help: "The app's action type, such as AppAction.").required()
    static let reducer = OptionKey<String?>.text("--reducer", value: "name", help: "The reducer the test runs, such as fixedAppReducer.").required()
    static let from = OptionKey<StepPosition?>.position("--from", help: "The step whose recorded state the test starts from, such as 40 or last~20.", defaultDescription: "0")
    static let to = OptionKey<StepPosition?>.position("--to", help: "The last step the test runs.", defaultDescription: "the last step")
    static let name = OptionKey<String?>.text("--name", value: "type", help: "The test suite's type name.", defaultDescription: "the timeline's name, then TimelineTests")
    static let effects = OptionKey<String?>.choice("--effects", value: "mode", allowed: ["run", "skip"], help: "run: effects run and what they sent is received; skip: no effect runs, every recorded action is replayed.", defaultDescription: "run")
    static let redact = OptionKey<[String]>.repeating("--redact", value: "key-or-path", help: "Also redact this key, or the value at this path such as .profile.ssn.")

    static let spec = CommandSpec(
        name: "testgen",
        abstract: "Write a Swift Testing file that replays a timeline through the app's reducer.",
        discussion: """
            The test starts from the recorded state at --from and runs every later action up to --to through the reducer, checking each state against the recorded one (UDFTesting, docs/testing.md). With --effects run, effects run and an action an effect sent is received, with its cause, as in TCA's TestStore; with --effects skip, every recorded action is replayed and no effect runs. The file holds the initial state and one JSON line per step; the same recording gives the same file. Secrets are redacted again on the way out; a redacted action that no longer decodes is not re-run, its recorded change is applied. Exits with 64 for a range the timeline does not hold, 1 when the timeline has no action, 74 when the file cannot be written.
            """,
        arguments: [CommonOptions.file],
        options: [
            Self.output.spec,
            Self.module.spec,
            Self.state.spec,
            Self.action.spec,
            Self.reducer.spec,
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.from.spec,
            Self.to.spec,
            Self.name.spec,
            Self.effects.spec,
            Self.redact.spec,
        ],
        examples: [
            "udf-inspect testgen todo.udf --timeline fix --module TodoExample --state AppState --action AppAction --reducer fixedAppReducer -o FixTimelineTests.swift",
            "udf-inspect testgen app.udf --from 40 --to 60 --module MyApp --state AppState --action AppAction --reducer appReducer --effects skip -o Tests/MyAppTests/Steps40To60Tests.swift",
        ]
    )

    let recording: RecordingArguments
    let output: String
    let host: TestgenHost
    let from: StepPosition?
    let to: StepPosition?
    let name: String?
    let effectsRun: Bool
    let redactions: [String]
    let redactor: Redactor

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        guard let output = try arguments.value(Self.output) else {
            throw arguments.usageError("Missing '-o <path>': the Swift file to write")
        }
        self.output = output
        func swiftName(_ key: OptionKey<String?>, _ what: String, qualified: Bool) throws(UsageError) -> String {
            let option = key.name
            guard let value = try arguments.value(key) else {
                throw arguments.usageError("Missing '\(option) <\(what)>': the app's \(what) that the test uses")
            }
            guard qualified ? SwiftName.isQualified(value) : SwiftName.isIdentifier(value) else {
                throw arguments.usageError("'\(value)' is not a Swift name for '\(option)': use letters, digits and _\(qualified ? ", joined by dots" : "")")
            }
            return value
        }
        host = TestgenHost(
            module: try swiftName(Self.module, "name", qualified: false),
            state: try swiftName(Self.state, "type", qualified: true),
            action: try swiftName(Self.action, "type", qualified: true),
            reducer: try swiftName(Self.reducer, "name", qualified: true)
        )
        if let suite = try arguments.value(Self.name), !SwiftName.isIdentifier(suite) {
            throw arguments.usageError("'\(suite)' is not a Swift type name for '--name': use letters, digits and _")
        }
        name = try arguments.value(Self.name)
        from = try arguments.value(Self.from)
        to = try arguments.value(Self.to)
        effectsRun = try arguments.value(Self.effects) != "skip"
        redactions = try arguments.value(Self.redact)
        let (keys, paths) = try RedactionArguments.parse(redactions, arguments)
        redactor = Redactor(extraKeys: keys, paths: paths)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try ReplayInvocation.requireCodable(selection.session, for: "a generated test needs")
        let timeline = selection.timeline
        let last = timeline.lastStep
        if from == nil, to == nil, last < 1 {
            throw InspectError.notFound("timeline '\(timeline.name)' has no action to test: it holds \(last < 0 ? "no steps" : "only step 0")")
        }
        let first = from?.start(lastStep: last) ?? 0
        let end = try to.map { position throws(InspectError) in try position.step(on: timeline) } ?? last
        for step in [first, end] where step > last {
            throw InspectError.badArgument(timeline.missingStepMessage(step))
        }
        guard first < end else {
            throw InspectError.badArgument("--from \(first) is not before --to \(end): the test needs at least one step after the one it starts from")
        }
        let steps = try TestgenTimeline(selection, range: first...end, redaction: IncrementalRedaction(redactor: redactor))
        let writer = TestFileWriter(
            host: host,
            suite: name ?? SwiftName.suite(forTimeline: timeline.name),
            effectsRun: effectsRun,
            source: "\(Self.fileName(recording.path)): session \(selection.session.id) (\(selection.session.app)), timeline \(timeline.name)",
            command: regenerateCommand(from: from.map { _ in first }, to: to.map { _ in end })
        )
        let text = writer.render(steps)
        try ExportCommand.write(text, to: output)
        let received = steps.steps.filter { if case .effect = $0.origin { true } else { false } }.count
        let redacted = steps.steps.filter(\.isRedacted).count
        context.console.out(
            "Wrote a test of steps \(first)…\(end) of session \(selection.session.id), timeline \(timeline.shownName), to \(output): "
                + "\(counted(steps.steps.count, "step")) (\(steps.steps.count - received) sent, \(received) received, \(redacted) with redacted values), \(text.utf8.count) bytes."
        )
        return .success
    }

    /// The command line that writes the same file again, with file names
    /// only, so it does not depend on where the files sat, and the steps by
    /// number, so it does not depend on how they were named.
    private func regenerateCommand(from: Int?, to: Int?) -> String {
        var words = ["udf-inspect", "testgen", Self.fileName(recording.path)]
        if let session = recording.session { words += ["--session", "\(session)"] }
        if let timeline = recording.timeline { words += ["--timeline", timeline] }
        if let from { words += ["--from", "\(from)"] }
        if let to { words += ["--to", "\(to)"] }
        words += ["--module", host.module, "--state", host.state, "--action", host.action, "--reducer", host.reducer]
        if let name { words += ["--name", name] }
        if !effectsRun { words += ["--effects", "skip"] }
        for value in redactions { words += ["--redact", value] }
        words += ["-o", Self.fileName(output)]
        return words.map(DemoCommand.shellQuoted).joined(separator: " ")
    }

    private static func fileName(_ path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }
}
