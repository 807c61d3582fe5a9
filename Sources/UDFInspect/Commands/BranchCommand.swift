import UDFJSON
import UDFLog

/// `udf-inspect branch FILE --at STEP --name NAME`: a new timeline forked at a step.
struct BranchCommand: InspectCommand {
    static let at = OptionKey<StepReference?>.step("--at", help: "The fork step, such as 40 or fix@40; the branch shares steps 0…STEP.").required()
    static let name = OptionKey<String?>.text("--name", value: "name", help: "The new timeline's name.").required()
    static let timeline = OptionKey<String?>.text("--timeline", value: "name", help: "The timeline to fork.", defaultDescription: "main")

    static let spec = CommandSpec(
        name: "branch",
        abstract: "Create a timeline that forks from another at a step.",
        discussion: """
            The branch shares its parent's steps up to STEP and has no steps of its own yet: a host resumed into it records from STEP+1 on (see docs/embedding.md). This is the one command that writes to the file; it only adds a row and never changes an existing one. A branch name is unique within its session. Exits with 64 for a taken name or a step beyond the end.
            """,
        arguments: [CommonOptions.file],
        options: [
            Self.at.spec,
            Self.name.spec,
            CommonOptions.session.spec,
            Self.timeline.spec,
            CommonOptions.json.spec,
        ],
        examples: ["udf-inspect branch todo.udf --at 40 --name fix", "udf-inspect branch todo.udf --at fix@45 --name fix-2"]
    )

    let path: String
    let session: Int?
    let timeline: String?
    let at: StepReference
    let name: String
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        session = try arguments.value(CommonOptions.session)
        guard let at = try arguments.value(Self.at) else {
            throw arguments.usageError("Missing expected option '--at <step>'")
        }
        guard let name = try arguments.value(Self.name) else {
            throw arguments.usageError("Missing expected option '--name <name>'")
        }
        self.at = at
        self.name = name
        let timelineOption = try arguments.value(Self.timeline)
        timeline = at.timeline ?? timelineOption
        json = try arguments.value(CommonOptions.json)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let branch: TimelineInfo
        let parent: String
        do {
            // The reader's checks come first, so a non-recording is refused before anything opens it for writing.
            let recording = try Recording(path: path)
            let chosen = try recording.session(session)
            parent = try recording.timeline(timeline, in: chosen).name
            branch = try RecordingBranches.create(path: path, session: chosen.id, parent: parent, at: at.step, name: name)
        } catch {
            throw InspectError(error)
        }
        if json {
            try context.console.json(BranchOutput(session: branch.sessionID, branch: TimelineRecord(branch, parentName: parent)))
        } else {
            context.console.out("Created timeline '\(branch.name)' in session \(branch.sessionID): forked from \(parent) at step \(at.step), sharing steps 0…\(at.step).")
            context.console.out(context.colour.dim("A host resumed into '\(branch.name)' records from step \(at.step + 1) on."))
        }
        return .success
    }
}
