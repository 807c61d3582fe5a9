import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect find FILE --where EXPR`: the steps whose state satisfies a predicate.
struct FindCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "find",
        abstract: "Find the steps whose state satisfies a predicate.",
        discussion: """
            The predicate is evaluated on the state after each step, for example '.todos[id=2].done == true' or 'not (.todos[id=2] exists)' (grammar in docs/cli.md). By default the first matching step is printed; --all prints every one. --becomes looks for the steps where the predicate turns true: it holds after the step but not before it. A path that selects nothing makes its comparison false; when one never selects anything, a note on stderr says so. Exits with 1 when no step matches. Given several files or a directory, every session of every file is searched, and each row names its file and session; a file that cannot be read gets one line on stderr and the exit status is 3 when others were answered.
            """,
        arguments: [CommonOptions.files],
        options: [
            CommonOptions.session,
            CommonOptions.timeline,
            .option("--where", value: "expr", help: "The predicate, such as '.cart.total < 0'."),
            .flag("--first", help: "Print only the first matching step (the default)."),
            .flag("--all", help: "Print every matching step."),
            .flag("--becomes", help: "Match where the predicate turns true after being false."),
            .option("--from", value: "step", help: "The first step to search."),
            .option("--to", value: "step", help: "The last step to search."),
            .option("--action", value: "glob", help: "Only steps whose action name matches, such as 'delete*'."),
            CommonOptions.jobs,
            CommonOptions.json,
        ],
        examples: [
            "udf-inspect find recordings/ --where '.totalCents < 0' --first",
            "udf-inspect find todo.udf --where 'not (.todos[id=2] exists)' --becomes",
            "udf-inspect find todo.udf --where '.filter == \"active\"' --all",
            "udf-inspect find todo.udf --where '.login.user exists' --action 'login*'",
        ]
    )

    let recording: RecordingArguments
    let expression: String
    let predicate: Predicate
    let all: Bool
    let becomes: Bool
    let from: Int
    let to: Int?
    let actionGlob: String?
    let json: Bool
    let fleet: FleetArguments
    /// The `--timeline` to search in every session, over many files.
    let fleetTimeline: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        fleet = try FleetArguments(arguments)
        fleetTimeline = arguments.value("--timeline")
        guard let predicate = try arguments.predicate("--where"), let expression = arguments.value("--where") else {
            throw arguments.usageError("Missing expected option '--where <expr>'")
        }
        self.predicate = predicate
        self.expression = expression
        if arguments.flag("--first") && arguments.flag("--all") {
            throw arguments.usageError("'--first' and '--all' cannot be used together")
        }
        all = arguments.flag("--all")
        becomes = arguments.flag("--becomes")
        let from = try arguments.int("--from")
        to = try arguments.int("--to")
        if let from, from < 0 { throw arguments.usageError("'--from' must not be negative") }
        if let from, let to, to < from {
            throw arguments.usageError("'--to' (\(to)) must not be before '--from' (\(from))")
        }
        self.from = from ?? 0
        actionGlob = arguments.value("--action")
        json = arguments.flag("--json")
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        if fleet.inputs.isMany { return try runMany(context) }
        let selection = try recording.open()
        try selection.requireStates(for: "find")
        let recording = selection.recording
        let timeline = selection.timeline
        // A range that starts past the end would trap when built.
        guard from <= timeline.lastStep else {
            throw InspectError.badArgument("step \(from) does not exist: timeline '\(timeline.name)' has steps 0…\(timeline.lastStep)")
        }
        let range = from...min(to ?? timeline.lastStep, timeline.lastStep)
        let result: StepSearch.Result
        let steps: [StepSummary]
        do {
            var eligible: Set<Int>?
            if let actionGlob, range.lowerBound <= range.upperBound {
                // The glob is matched by SQLite's GLOB, bound as a parameter.
                eligible = Set(try recording.steps(on: timeline, matching: StepQuery(range: range, actionGlob: actionGlob)).map(\.step))
            }
            let search = StepSearch(
                predicate: predicate,
                range: range,
                eligible: eligible ?? (actionGlob == nil ? nil : []),
                becomes: becomes,
                all: all
            )
            result = try search.run(in: recording, on: timeline)
            steps = try result.steps.map { try recording.step($0, on: timeline) }
        } catch {
            throw InspectError.reading(error)
        }
        if json {
            context.console.json(JSONShapes.find(self, selection: selection, steps: steps))
        } else {
            var header = "find · \(predicate)\(becomes ? " · turns true" : "") · \(timeline.name)"
            header += range.lowerBound <= range.upperBound ? " · steps \(range.lowerBound)…\(range.upperBound)" : ""
            if let actionGlob { header += " · actions \(actionGlob)" }
            context.console.out(context.colour.dim(header))
            for line in LogCommand.table(steps, on: timeline, colour: context.colour) {
                context.console.out(line)
            }
        }
        if result.searchedWholeRange {
            for unseen in result.unseenPaths {
                let column = Predicate.column(of: unseen, in: expression).map { " (column \($0))" } ?? ""
                context.console.err("Note: the path \(unseen)\(column) selects nothing at any step searched: check its spelling.")
            }
        }
        if steps.isEmpty {
            context.console.err("No step matches.")
            return .notFound
        }
        return .success
    }
}
