import UDFJSON
import UDFLog

/// `udf-inspect branch FILE --at STEP --name NAME`: a new timeline forked at a
/// step; with `--delete NAME` or `--rename OLD --name NEW`, git's `branch -d`
/// and `branch -m`.
struct BranchCommand: InspectCommand {
    static let at = OptionKey<StepReference?>.step("--at", help: "The fork step, such as 40, last or fix@40; the branch shares steps 0…STEP.")
    static let name = OptionKey<String?>.text("--name", value: "name", help: "The new timeline's name; with --rename, the new name.")
    static let delete = OptionKey<String?>.text("-d", "--delete", value: "name", help: "Delete this branch and the steps it stores.")
    static let rename = OptionKey<String?>.text("-m", "--rename", value: "name", help: "Rename this branch to --name.")
    static let timeline = OptionKey<String?>.text("--timeline", value: "name", help: "The timeline to fork.", defaultDescription: "main")

    static let spec = CommandSpec(
        name: "branch",
        abstract: "Create, delete or rename a timeline that forks from another.",
        discussion: """
            The branch shares its parent's steps up to STEP and has no steps of its own yet: a host resumed into it records from STEP+1 on (see docs/embedding.md). Creating only adds a row and never changes an existing one. A branch name is unique within its session. --delete removes a branch and the steps it stores itself, as git branch -d does, and --rename (git branch -m) renames one; nothing else recorded changes. 'main' can be neither deleted nor renamed, a branch that another branch forks from cannot be deleted, and neither is done while the session still records. Exits with 64 for a taken name, a step beyond the end, or a refused delete or rename, with its reason.
            """,
        arguments: [CommonOptions.file],
        options: [
            Self.at.spec,
            Self.name.spec,
            Self.delete.spec,
            Self.rename.spec,
            CommonOptions.session.spec,
            Self.timeline.spec,
            CommonOptions.json.spec,
        ],
        examples: [
            "udf-inspect branch todo.udf --at 40 --name fix",
            "udf-inspect branch todo.udf --at fix@45 --name fix-2",
            "udf-inspect branch todo.udf --rename fix-2 --name fix-retry",
            "udf-inspect branch todo.udf --delete fix-retry",
        ]
    )

    /// What the command does to the file.
    enum Operation {
        case create(at: StepReference, name: String)
        case delete(name: String)
        case rename(name: String, newName: String)
    }

    let path: String
    let session: Int?
    let timeline: String?
    let operation: Operation
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        session = try arguments.value(CommonOptions.session)
        json = try arguments.value(CommonOptions.json)
        let deleted = try arguments.value(Self.delete)
        let renamed = try arguments.value(Self.rename)
        let newName = try arguments.value(Self.name)
        let timelineOption = try arguments.value(Self.timeline)
        if deleted != nil || renamed != nil {
            if deleted != nil && renamed != nil {
                throw arguments.usageError("'--delete' and '--rename' cannot be used together")
            }
            let edit = deleted != nil ? "--delete" : "--rename"
            let creating = [(Self.at.name, try arguments.isGiven(Self.at)), (Self.timeline.name, timelineOption != nil)]
            for (option, given) in creating where given {
                throw arguments.usageError("'\(option)' is for creating a branch; it cannot be used with '\(edit)', which names the branch itself")
            }
            if let deleted {
                if newName != nil {
                    throw arguments.usageError("'--delete' takes the branch's name itself: '--delete <name>', without '--name'")
                }
                operation = .delete(name: deleted)
            } else {
                let renamed = renamed ?? ""
                guard let newName else {
                    throw arguments.usageError("Missing expected option '--name <name>': the new name for '\(renamed)'")
                }
                operation = .rename(name: renamed, newName: newName)
            }
            timeline = nil
            return
        }
        guard let at = try arguments.value(Self.at) else {
            throw arguments.usageError("Missing expected option '--at <step>'")
        }
        guard let newName else {
            throw arguments.usageError("Missing expected option '--name <name>'")
        }
        operation = .create(at: at, name: newName)
        timeline = at.timeline ?? timelineOption
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        switch operation {
        case .create(let at, let name): try create(at: at, name: name, context)
        case .delete(let name): try delete(name, context)
        case .rename(let name, let newName): try rename(name, to: newName, context)
        }
    }

    private func create(at: StepReference, name: String, _ context: CommandContext) throws(InspectError) -> ExitCode {
        let chosen: SessionInfo
        let parentTimeline: TimelineInfo
        do {
            // The reader's checks come first, so a non-recording is refused before anything opens it for writing.
            let recording = try Recording(path: path)
            chosen = try recording.session(session)
            parentTimeline = try recording.timeline(timeline, in: chosen)
        } catch {
            throw InspectError(error)
        }
        let parent = parentTimeline.name
        let fork = try at.position.step(on: parentTimeline)
        let branch: TimelineInfo
        do {
            branch = try RecordingBranches.create(path: path, session: chosen.id, parent: parent, at: fork, name: name)
        } catch {
            throw InspectError(error)
        }
        if json {
            try printJSON(branch, parent: parent, context)
        } else {
            context.console.out("Created timeline '\(branch.shownName)' in session \(branch.sessionID): forked from \(HiddenScalars.escaped(parent)) at step \(fork), sharing steps 0…\(fork).")
            context.console.out(context.colour.dim("A host resumed into '\(branch.shownName)' records from step \(fork + 1) on."))
        }
        return .success
    }

    private func delete(_ name: String, _ context: CommandContext) throws(InspectError) -> ExitCode {
        let (deleted, parent) = try editBranch(name) { session throws(RecordingError) in
            try RecordingBranches.delete(path: path, session: session, name: name)
        }
        if json {
            try printJSON(deleted, parent: parent, context)
        } else {
            let own = deleted.lastStep - (deleted.forkStep ?? 0)
            let stored = own == 0 ? "it stored no steps of its own" : "the \(own) \(own == 1 ? "step" : "steps") it stored (\((deleted.forkStep ?? 0) + 1)…\(deleted.lastStep)) went with it"
            context.console.out("Deleted timeline '\(name)' of session \(deleted.sessionID), forked from \(parent) at step \(deleted.forkStep ?? 0); \(stored).")
        }
        return .success
    }

    private func rename(_ name: String, to newName: String, _ context: CommandContext) throws(InspectError) -> ExitCode {
        let (renamed, parent) = try editBranch(name) { session throws(RecordingError) in
            try RecordingBranches.rename(path: path, session: session, name: name, to: newName)
        }
        if json {
            try printJSON(renamed, parent: parent, context)
        } else {
            context.console.out("Renamed timeline '\(name)' of session \(renamed.sessionID) to '\(newName)'.")
        }
        return .success
    }

    /// Reads the branch `name`'s parent, then applies `change` to the branch in
    /// its session: the timeline as it was, and its parent's name.
    private func editBranch(
        _ name: String, _ change: (_ session: Int) throws(RecordingError) -> TimelineInfo
    ) throws(InspectError) -> (timeline: TimelineInfo, parent: String) {
        do {
            let recording = try Recording(path: path)
            let chosen = try recording.session(session)
            let found = try recording.timeline(name, in: chosen)
            let parent = try recording.timelines(in: chosen).first { $0.id == found.parentID }?.name ?? "?"
            return (try change(chosen.id), parent)
        } catch {
            throw InspectError(error)
        }
    }

    private func printJSON(_ timeline: TimelineInfo, parent: String, _ context: CommandContext) throws(InspectError) {
        try context.console.json(BranchOutput(session: timeline.sessionID, branch: TimelineRecord(timeline, parentName: parent)))
    }
}
