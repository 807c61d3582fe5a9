import UDFJSON
import UDFLog

/// `udf-inspect sessions FILE`: one line per run of the host.
struct SessionsCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "sessions",
        abstract: "List the sessions in a recording.",
        discussion: "A session is one run of a host program. Its status is 'recording' while its host runs, 'closed' after the recorder's close(), and 'interrupted' when the host died without closing it. Given several files or a directory, each row also names its file and the session's UUID; a file that cannot be read gets one line on stderr, and the exit status is 3 when others were answered.",
        arguments: [CommonOptions.files],
        options: [CommonOptions.jobs.spec, CommonOptions.json.spec],
        examples: ["udf-inspect sessions todo.udf", "udf-inspect sessions todo.udf --json", "udf-inspect sessions recordings/"]
    )

    let path: String
    let json: Bool
    let fleet: FleetArguments

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        json = try arguments.value(CommonOptions.json)
        fleet = try FleetArguments(arguments)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        if fleet.inputs.isMany { return try runMany(context) }
        let sessions: [SessionInfo]
        do {
            sessions = try Recording(path: path).sessions()
        } catch {
            throw InspectError(error)
        }
        if json {
            try context.console.json(SessionsOutput(sessions: sessions.map { SessionRecord($0) }))
            return .success
        }
        if sessions.isEmpty {
            context.console.out("No sessions in '\(path)'.")
            return .success
        }
        let table = TableRenderer(columns: [
            .init("ID", alignment: .right), .init("STARTED"), .init("ENDED"), .init("STATUS"),
            .init("STEPS", alignment: .right), .init("APP"),
        ])
        let rows = sessions.map { session in
            [
                "\(session.id)",
                TimeFormat.iso(session.startedAt),
                session.endedAt.map(TimeFormat.iso) ?? "-",
                status(session.status, context.colour),
                "\(session.stepCount)",
                session.shownApp,
            ]
        }
        for line in table.render(rows, headerStyle: context.colour.bold) {
            context.console.out(line)
        }
        for session in sessions where !session.reflected.isEmpty {
            context.console.out(context.colour.dim(
                "Session \(session.id) recorded its \(session.reflected.description) by reflection: it reads, diffs and exports, but cannot be resumed, replayed or turned into a test."
            ))
        }
        return .success
    }

    func status(_ status: SessionStatus, _ colour: Colour) -> String {
        switch status {
        case .closed: status.rawValue
        case .recording: colour.green(status.rawValue)
        case .interrupted: colour.yellow(status.rawValue)
        }
    }
}
