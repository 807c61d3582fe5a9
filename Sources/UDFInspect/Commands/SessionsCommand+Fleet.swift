import UDFLog

/// `sessions` over many recordings: one row per session, naming its file and identity.
extension SessionsCommand {
    func runMany(_ context: CommandContext) throws(InspectError) -> ExitCode {
        try fleet.inputs.requireFiles()
        var stream = json ? JSONArrayStream(context.console) : nil
        if !json {
            context.console.out(context.colour.bold("FILE  SESSION  ID  STARTED  STATUS  STEPS  APP"))
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
                    let fields = [
                        path, session.identity.uuid, "\(session.id)", TimeFormat.iso(session.startedAt),
                        status(session.status, context.colour), "\(session.stepCount)", session.app,
                    ]
                    context.console.out(fields.joined(separator: "  "))
                }
            }
        })
        stream?.finish()
        return outcome.exitCode
    }
}
