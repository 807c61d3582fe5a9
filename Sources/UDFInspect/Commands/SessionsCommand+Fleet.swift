import UDFLog

/// `sessions` over many recordings: one row per session, naming its file and identity.
extension SessionsCommand {
    func runMany(_ context: CommandContext) throws(InspectError) -> ExitCode {
        try fleet.inputs.requireFiles()
        var stream = json ? JSONArrayStream(context.console) : nil
        var table = StreamingTable([
            (.init("SESSION"), FleetRun.uuidWidth), (.init("ID", alignment: .right), 2),
            (.init("STARTED"), FleetRun.timeWidth), (.init("STATUS"), "interrupted".count),
            (.init("STEPS", alignment: .right), 6), (.init("APP"), 12), (.init("FILE"), 0),
        ])
        if !json {
            context.console.out(table.header(style: context.colour.bold))
        }
        let outcome = fleet.run.run(context, job: { path throws(InspectError) -> [SessionInfo] in
            do throws(RecordingError) {
                return try Recording(path: path).sessions()
            } catch {
                throw InspectError(error)
            }
        }, emit: { path, sessions in
            for session in sessions {
                if stream != nil {
                    stream?.append(Versioned(SessionRecord(session, file: path)))
                } else {
                    context.console.out(table.row([
                        session.identity.uuid, "\(session.id)", TimeFormat.iso(session.startedAt),
                        status(session.status, context.colour), "\(session.stepCount)", session.shownApp, path,
                    ]))
                }
            }
        })
        stream?.finish()
        return outcome.exitCode
    }
}
