import UDFJSON
import UDFLog

/// `udf-inspect stats FILE`: counts, reducer times, storage and state size of a timeline.
struct StatsCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "stats",
        abstract: "Summarize a timeline: actions, reducer times, bytes per step, state size.",
        discussion: """
            Per action name: how many steps, the reducer's p50, p99 and maximum time (nearest rank), and the bytes stored for its steps. Then how the states are stored (keyframes and patches), the canonical state size over time in ten runs of steps, and the steps that grew the state most. Computed from the steps' metadata in one pass over the rows, a long timeline in parts on several threads (--jobs); no state is rebuilt. Given several files or a directory, one row per session names its file and UUID, then the totals; a file that cannot be read gets one line on stderr, and the exit status is 3 when others were answered.
            """,
        arguments: [CommonOptions.files],
        options: [CommonOptions.session.spec, CommonOptions.timeline.spec, CommonOptions.searchJobs.spec, CommonOptions.json.spec],
        examples: ["udf-inspect stats todo.udf", "udf-inspect stats todo.udf --json", "udf-inspect stats recordings/ --json"]
    )

    let recording: RecordingArguments
    let json: Bool
    let fleet: FleetArguments
    /// The `--timeline` to summarize in every session, over many files.
    let fleetTimeline: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        json = try arguments.value(CommonOptions.json)
        fleet = try FleetArguments(arguments)
        fleetTimeline = try arguments.value(CommonOptions.timeline)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        if fleet.inputs.isMany { return try runMany(context) }
        let selection = try recording.open()
        let statistics: TimelineStatistics
        do {
            statistics = try selection.recording.statistics(on: selection.timeline, workers: fleet.jobs)
        } catch {
            throw InspectError(error)
        }
        if json {
            try context.console.json(StatsOutput(statistics, session: selection.session, timeline: selection.timeline))
            return .success
        }
        let console = context.console
        let colour = context.colour
        console.out(colour.dim(StepTable.header(selection)))
        console.out("")

        let duration: (Int?) -> String = { $0.map { TimeFormat.duration(nanoseconds: $0) } ?? "-" }
        var actionRows = statistics.actions.map { action in
            [HiddenScalars.escaped(action.name), "\(action.count)", duration(action.p50Nanoseconds), duration(action.p99Nanoseconds),
             duration(action.maxNanoseconds), "\(action.storedBytes)"]
        }
        actionRows.append(["(all actions)", "\(statistics.actions.reduce(0) { $0 + $1.count })", "", "", "",
                           "\(statistics.actions.reduce(0) { $0 + $1.storedBytes })"])
        let actionColumns: [TableRenderer.Column] = [
            .init("ACTION"), .init("COUNT", alignment: .right), .init("P50", alignment: .right),
            .init("P99", alignment: .right), .init("MAX", alignment: .right), .init("STORED BYTES", alignment: .right),
        ]
        for line in TableRenderer(columns: actionColumns).render(actionRows, headerStyle: colour.bold) { console.out(line) }
        console.out("")

        let storage = statistics.storage
        let perStep = storage.steps > 0 ? (storage.keyframeBytes + storage.patchBytes) / storage.steps : 0
        let perState = storage.steps > 0 ? storage.totalStateBytes / storage.steps : 0
        console.out(colour.bold("Storage"))
        console.out("  \(counted(storage.steps, "step")): \(counted(storage.keyframes, "keyframe")) (\(storage.keyframeBytes) bytes), \(counted(storage.patches, "patch", "patches")) (\(storage.patchBytes) bytes, largest \(storage.largestPatchBytes))")
        console.out("  stored per step: \(perStep) bytes on average; canonical state: \(perState) bytes on average, \(storage.smallestState) to \(storage.largestState)")
        console.out("")

        console.out(colour.bold("State size over time"))
        let sizeRows = statistics.sizeOverTime.map { bucket in
            [bucket.steps.count == 1 ? "\(bucket.steps.lowerBound)" : "\(bucket.steps.lowerBound)…\(bucket.steps.upperBound)",
             "\(bucket.smallest)", "\(bucket.largest)", "\(bucket.last)"]
        }
        let sizeColumns: [TableRenderer.Column] = [
            .init("STEPS"), .init("SMALLEST", alignment: .right), .init("LARGEST", alignment: .right), .init("AT THE END", alignment: .right),
        ]
        for line in TableRenderer(columns: sizeColumns).render(sizeRows, headerStyle: colour.bold) { console.out("  " + line) }
        console.out("")

        console.out(colour.bold("Grew most"))
        if statistics.largestGrowth.isEmpty {
            console.out("  No step grew the state.")
        } else {
            let growthRows = statistics.largestGrowth.map { growth in
                ["\(growth.step)", HiddenScalars.escaped(growth.actionName ?? ""), "+\(growth.bytes)", "\(growth.before) → \(growth.after)"]
            }
            let growthColumns: [TableRenderer.Column] = [
                .init("STEP", alignment: .right), .init("ACTION"), .init("BYTES", alignment: .right), .init("SIZE"),
            ]
            for line in TableRenderer(columns: growthColumns).render(growthRows, headerStyle: colour.bold) { console.out("  " + line) }
        }
        return .success
    }
}
