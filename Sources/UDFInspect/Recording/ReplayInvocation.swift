import UDFLog

/// Hands a replay request to the host registered for the session's app, and
/// maps what it throws to the inspector's errors and exit codes.
enum ReplayInvocation {
    static func run(_ request: ReplayRequest, session: SessionInfo, context: CommandContext) throws(InspectError) -> ReplayReport {
        try requireCodable(session, for: "replay needs")
        let app = session.app
        guard let host = context.inspector.replayHost(for: app) else {
            let known = context.inspector.replayHosts.map(\.appName)
            let registered = known.isEmpty ? "none is registered" : "it registers \(known.joined(separator: ", "))"
            throw InspectError.badArgument(
                "this inspector has no reducer for app '\(app)' (\(registered)); build a host-linked inspector, see docs/embedding.md"
            )
        }
        if let reducer = request.reducer, !host.reducers.contains(reducer) {
            throw InspectError.badArgument("no reducer named '\(reducer)' for app '\(app)'; choose one of: \(host.reducers.joined(separator: ", "))")
        }
        do {
            return try host.replay(request)
        } catch let error as RecordingError {
            throw InspectError(error)
        } catch {
            throw InspectError.invalidData("\(error)")
        }
    }

    /// A session recorded by reflection holds no JSON its app's types decode.
    static func requireCodable(_ session: SessionInfo, for consumer: String) throws(InspectError) {
        guard session.reflected.isEmpty else {
            throw InspectError.invalidData(ReflectedParts.refusal(session: session.id, parts: session.reflected, needs: consumer))
        }
    }
}
