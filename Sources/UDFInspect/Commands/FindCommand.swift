import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect find FILE --where EXPR`: the steps whose state satisfies a predicate.
struct FindCommand: InspectCommand {
    static let predicate = OptionKey<Predicate?>.predicate("--where", value: "expr", help: "The predicate, such as '.cart.total < 0'.").required()
    static let first = OptionKey<Bool>.flag("--first", help: "Print only the first matching step (the default).")
    static let all = OptionKey<Bool>.flag("--all", help: "Print every matching step.")
    static let becomes = OptionKey<Bool>.flag("--becomes", help: "Match where the predicate turns true after being false.")
    static let from = OptionKey<StepPosition?>.position("--from", help: "The first step to search, such as 40 or last~99.")
    static let to = OptionKey<StepPosition?>.position("--to", help: "The last step to search.")

    static let spec = CommandSpec(
        name: "find",
        abstract: "Find the steps whose state satisfies a predicate.",
        discussion: """
            The predicate is evaluated on the state after each step, for example '.todos[id=2].done == true' or 'not (.todos[id=2] exists)' (grammar in docs/cli.md). By default the first matching step is printed; --all prints every one. --becomes looks for the steps where the predicate turns true: it holds after the step but not before it. A path that selects nothing makes its comparison false; when one never selects anything, a note on stderr says so. Exits with 1 when no step matches. Given several files or a directory, every session of every file is searched, and each row names its file and session; a file that cannot be read gets one line on stderr and the exit status is 3 when others were answered.
            """,
        arguments: [CommonOptions.files],
        options: [
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.predicate.spec,
            Self.first.spec,
            Self.all.spec,
            Self.becomes.spec,
            Self.from.spec,
            Self.to.spec,
            CommonOptions.searchJobs.spec,
            CommonOptions.json.spec,
        ] + StepFilter.options,
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
    let bounds: StepBounds
    /// Which steps count as answers: the same filters as `log`.
    let filter: StepFilter
    let json: Bool
    let fleet: FleetArguments
    /// The `--timeline` to search in every session, over many files.
    let fleetTimeline: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        fleet = try FleetArguments(arguments)
        fleetTimeline = try arguments.value(CommonOptions.timeline)
        guard let predicate = try arguments.value(Self.predicate), let expression = try arguments.text(Self.predicate) else {
            throw arguments.usageError("Missing expected option '--where <expr>'")
        }
        self.predicate = predicate
        self.expression = expression
        if try arguments.value(Self.first), try arguments.value(Self.all) {
            throw arguments.usageError("'--first' and '--all' cannot be used together")
        }
        all = try arguments.value(Self.all)
        becomes = try arguments.value(Self.becomes)
        bounds = try StepBounds(from: arguments.value(Self.from), to: arguments.value(Self.to), arguments)
        filter = try StepFilter(arguments)
        json = try arguments.value(CommonOptions.json)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        if fleet.inputs.isMany { return try runMany(context) }
        let selection = try recording.open()
        try selection.requireStates(for: "find")
        let recording = selection.recording
        let timeline = selection.timeline
        let (from, to) = try bounds.resolved(on: timeline)
        // A range that starts past the end would trap when built.
        guard from <= timeline.lastStep else {
            throw InspectError.badArgument(timeline.missingStepMessage(from))
        }
        let range = from...min(to ?? timeline.lastStep, timeline.lastStep)
        let result: StepSearch.Result
        let steps: [StepSummary]
        do {
            var eligible: Set<Int>?
            if !filter.isEmpty {
                eligible = range.lowerBound <= range.upperBound
                    ? Set(try recording.steps(on: timeline, matching: filter.query(for: selection.session, in: context, range: range)).map(\.step))
                    : []
            }
            var search = StepSearch(
                predicate: predicate,
                range: range,
                eligible: eligible,
                becomes: becomes,
                all: all
            )
            search.stretched.workers = fleet.jobs
            result = try search.run(in: recording, on: timeline)
            steps = try recording.steps(result.steps, on: timeline)
        } catch {
            throw InspectError.reading(error)
        }
        if json {
            try context.console.json(FindOutput(
                session: selection.session.id,
                timeline: timeline.name,
                where: predicate.description,
                mode: all ? "all" : "first",
                becomes: becomes,
                steps: steps.map { StepRecord($0, on: timeline) }
            ))
        } else {
            var header = "find · \(predicate)\(becomes ? " · turns true" : "") · \(timeline.name)"
            header += range.lowerBound <= range.upperBound ? " · steps \(range.lowerBound)…\(range.upperBound)" : ""
            if let summary = filter.summary { header += " · \(summary)" }
            context.console.out(context.colour.dim(header))
            var rows = StepTableRows(on: timeline, timeZone: filter.timeZone(in: context))
            for step in steps { rows.append(step) }
            rows.table.print(to: context.console, headerStyle: context.colour.bold)
        }
        // A `.count` that selected nothing is worth a note even when the search
        // stopped early: it is almost surely meant as length().
        for unseen in result.unseenPaths where result.searchedWholeRange || Predicate.lengthMeant(by: unseen) != nil {
            let column = Predicate.column(of: unseen, in: expression).map { " (column \($0))" } ?? ""
            context.console.err("Note: the path \(unseen)\(column) selects nothing at any step searched: \(Predicate.hint(forUnseen: unseen))")
        }
        if steps.isEmpty {
            context.console.err("No step matches.")
            return .notFound
        }
        return .success
    }
}
