import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect blame FILE PATH`: every step that changed the value at a path.
struct BlameCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "blame",
        abstract: "List every step that changed the value at a path.",
        discussion: """
            For each step whose action changed the value at PATH: the old and the new value and the action. The answer comes from the stored patches; a state is rebuilt only at steps whose patch may touch the path. [id=…] follows the element wherever it moves. A path with [*] compares the array of every value it selects, step by step. Exits with 1 when no step changed the value.
            """,
        arguments: [
            CommonOptions.file,
            ArgumentSpec(name: "path", help: "The path, such as .todos[id=2] or .login.user."),
        ],
        options: [
            CommonOptions.session,
            CommonOptions.timeline,
            .option("--at", value: "step", help: "Consider steps up to this one.", defaultDescription: "the last step"),
            CommonOptions.json,
        ],
        examples: ["udf-inspect blame todo.udf '.todos[id=2]'", "udf-inspect blame todo.udf .filter --at 11 --json"]
    )

    /// Values longer than this are shortened in text; --json prints them whole.
    static let valueWidth = 60

    let recording: RecordingArguments
    let statePath: JSONPath
    let at: Int?
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        let text = arguments.positional("path") ?? "."
        do {
            statePath = try JSONPath(parsing: text)
        } catch {
            throw arguments.usageError("invalid path '\(text)': \(error)")
        }
        at = try arguments.int("--at")
        if let at, at < 0 { throw arguments.usageError("'--at' must not be negative") }
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "blame")
        let timeline = selection.timeline
        let last = at ?? timeline.lastStep
        if at != nil { _ = try selection.summary(last, on: timeline) }
        let blame = PathBlame(path: statePath)
        let strategy = blame.defaultStrategy
        let found: (changes: [PathBlame.Change], everSelected: Bool)
        let summaries: [StepSummary]
        do {
            found = try blame.changes(in: selection.recording, on: timeline, through: last, strategy: strategy)
            summaries = try found.changes.map { try selection.recording.step($0.step, on: timeline) }
        } catch {
            throw InspectError.reading(error)
        }
        if json {
            context.console.json(JSONShapes.blame(
                path: statePath, at: last, strategy: strategy, changes: Array(zip(found.changes, summaries)), selection: selection
            ))
        } else {
            context.console.out(context.colour.dim("blame \(statePath) · \(timeline.name) · steps 0…\(last)"))
            let rows = zip(found.changes, summaries).map { change, summary in
                [
                    "\(summary.step)",
                    ActionFormatter.format(summary.action, maxWidth: LogCommand.actionWidth),
                    summary.cause.map { "← \($0)" } ?? "",
                    Self.describe(change.old) + " → " + Self.describe(change.new),
                ]
            }
            if !rows.isEmpty {
                let columns: [TableRenderer.Column] = [.init("STEP", alignment: .right), .init("ACTION"), .init("CAUSE"), .init("OLD → NEW")]
                for line in TableRenderer(columns: columns).render(rows, headerStyle: context.colour.bold) {
                    context.console.out(line)
                }
            }
        }
        guard found.changes.isEmpty else { return .success }
        if !found.everSelected {
            context.console.err("The path \(statePath) selects nothing at any step 0…\(last).")
        } else {
            context.console.err("No step up to \(last) changed \(statePath): it holds its value from step 0.")
        }
        return .notFound
    }

    /// A value in one line, or `(absent)` when the path selects nothing.
    static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "(absent)" }
        let text = value.canonicalText
        guard text.count > valueWidth else { return text }
        return String(text.prefix(valueWidth - 1)) + "…"
    }
}
