import UDF
import UDFLog

/// A host's reducers, by name, answering an inspector's `ReplayRequest`.
///
/// The inspector knows no Swift types of the host; this is the bridge. A
/// host-linked inspector registers `handle` (see `docs/embedding.md`):
/// ```swift
/// let reducers = ReplayReducers<AppState, AppAction>([("app", appReducer), ("fixed", fixedAppReducer)])
/// let host = ReplayHost(appName: "TodoExample", reducers: reducers.names, replay: reducers.handle)
/// ```
public struct ReplayReducers<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
    /// The registered names, in order; the first is the default.
    public let names: [String]
    private let replayers: [String: Replayer<State, Action>]

    /// - Parameter reducers: names and reducers; a later duplicate name is ignored.
    public init(_ reducers: [(name: String, reducer: Reducer<State, Action>)], redactor: Redactor = Redactor()) {
        var names: [String] = []
        var replayers: [String: Replayer<State, Action>] = [:]
        for (name, reducer) in reducers where replayers[name] == nil {
            names.append(name)
            replayers[name] = Replayer(reducer: reducer, redactor: redactor)
        }
        self.names = names
        self.replayers = replayers
    }

    /// Runs `request` with the reducer it names, or the first one.
    ///
    /// - Throws: `RecordingError.invalidArgument` for an unknown reducer name,
    ///   and whatever `Replayer.verify` or `Replayer.replay` throws.
    public func handle(_ request: ReplayRequest) throws -> ReplayReport {
        let name = request.reducer ?? names.first ?? ""
        guard let replayer = replayers[name] else {
            throw RecordingError.invalidArgument(
                "no reducer named '\(name)'; this host registers: \(names.joined(separator: ", "))"
            )
        }
        switch request.mode {
        case .verify:
            return try replayer.verify(path: request.path, session: request.session, timeline: request.timeline, reducerName: name)
        case .branch(let branch, let from, let edits):
            return try replayer.replay(
                path: request.path, session: request.session, timeline: request.timeline,
                from: from, edits: edits, into: branch, reducerName: name
            )
        }
    }
}
