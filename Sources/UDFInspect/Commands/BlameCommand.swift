import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect blame FILE PATH`: every step that changed the value at a path.
struct BlameCommand: InspectCommand {
    static let at = OptionKey<StepPosition?>.position("--at", help: "Consider steps up to this one, such as 40 or last~10.", defaultDescription: "the last step")
    static let jobs = OptionKey<Int?>.int(
        "--jobs", value: "n", help: "How many threads read a long timeline at once; the answer is the same with any number.",
        defaultDescription: "the number of cores"
    )

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
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.at.spec,
            Self.jobs.spec,
            CommonOptions.json.spec,
        ],
        examples: ["udf-inspect blame todo.udf '.todos[id=2]'", "udf-inspect blame todo.udf .filter --at 11 --json"]
    )

    let recording: RecordingArguments
    let statePath: JSONPath
    let at: StepPosition?
    let jobs: Int
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        let text = arguments.positional("path") ?? "."
        do {
            statePath = try JSONPath(parsing: text)
        } catch {
            throw arguments.usageError("invalid path '\(text)': \(error)")
        }
        at = try arguments.value(Self.at)
        jobs = try arguments.jobs(Self.jobs)
        json = try arguments.value(CommonOptions.json)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "blame")
        let timeline = selection.timeline
        let last = try at.map { position throws(InspectError) in try position.step(on: timeline) } ?? timeline.lastStep
        if at != nil { _ = try selection.summary(last, on: timeline) }
        var blame = PathBlame(path: statePath)
        blame.stretched.workers = jobs
        let strategy = blame.defaultStrategy
        let answer = json
            ? try printJSON(blame, strategy: strategy, selection: selection, through: last, context)
            : try printTable(blame, strategy: strategy, selection: selection, through: last, context)
        guard answer.count == 0 else { return .success }
        if !answer.everSelected {
            context.console.err("The path \(statePath) selects nothing at any step 0…\(last).")
        } else {
            context.console.err("No step up to \(last) changed \(statePath): it holds its value from step 0.")
        }
        return .notFound
    }

    /// The `--json` document, each change printed as it is found (a read
    /// that fails part way ends it as `StreamedJSONDocument.print` says);
    /// how many changes it printed, and whether the path ever selected something.
    private func printJSON(
        _ blame: PathBlame, strategy: PathBlame.Strategy, selection: RecordingSelection, through last: Int, _ context: CommandContext
    ) throws(InspectError) -> (count: Int, everSelected: Bool) {
        let timeline = selection.timeline
        var document = try StreamedJSONDocument(context.console, envelope: BlameOutput(
            session: selection.session.id,
            timeline: timeline.name,
            path: statePath.description,
            at: last,
            strategy: strategy.rawValue
        ), streaming: "changes")
        let everSelected = try document.print { document throws(InspectError) in
            try Self.reading {
                try blame.changes(in: selection.recording, on: timeline, through: last, strategy: strategy, rows: {
                    { change in try StreamedJSONDocument.element(BlameOutput.Change(change, on: timeline)) }
                }) { element in
                    document.append(element)
                    return !context.console.isOutputClosed
                }
            }
        }
        return (document.count, everSelected)
    }

    /// The text table, printed once every row is known, so that its columns
    /// line up; rows are held packed (`PackedTable`) until then.
    private func printTable(
        _ blame: PathBlame, strategy: PathBlame.Strategy, selection: RecordingSelection, through last: Int, _ context: CommandContext
    ) throws(InspectError) -> (count: Int, everSelected: Bool) {
        let columns: [TableRenderer.Column] = [.init("STEP", alignment: .right), .init("ACTION"), .init("CAUSE"), .init("OLD → NEW")]
        var table = PackedTable(TableRenderer(columns: columns))
        let everSelected = try Self.reading {
            try blame.changes(in: selection.recording, on: selection.timeline, through: last, strategy: strategy, rows: {
                var row = BlameTextRow()
                return { change in row.cells(change) }
            }) { cells in
                table.append(cells)
                return true
            }
        }
        context.console.out(context.colour.dim("blame \(statePath) · \(selection.timeline.shownName) · steps 0…\(last)"))
        table.print(to: context.console, headerStyle: context.colour.bold)
        return (table.rowCount, everSelected)
    }

    /// Runs a read of the recording; its errors become `InspectError.reading`,
    /// and ours pass through.
    private static func reading<Result>(_ body: () throws -> Result) throws(InspectError) -> Result {
        do {
            return try body()
        } catch let error as InspectError {
            throw error
        } catch {
            throw InspectError.reading(error)
        }
    }
}
