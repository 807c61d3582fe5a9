import UDFLog

/// A host's reducers, registered with an inspector so that `replay` and
/// `verify --replay` can run them on the host's recordings.
///
/// The inspector never sees the host's Swift types: `replay` decodes the
/// recorded states and actions itself. `UDFRecorder`'s `ReplayReducers`
/// builds one from named reducers:
/// ```swift
/// let reducers = ReplayReducers<AppState, AppAction>([("app", appReducer)])
/// let host = ReplayHost(appName: "TodoExample", reducers: reducers.names, replay: reducers.handle)
/// await Inspector.main(commands: Inspector.builtInCommands,
///                      configuration: InspectorConfiguration(replayHosts: [host]))
/// ```
public struct ReplayHost: Sendable {
    /// The `app` of the sessions this host can replay, as `sessions` lists it.
    public let appName: String
    /// The reducer names `--reducer` accepts; the first is the default.
    public let reducers: [String]
    /// Runs one request. A `RecordingError` keeps its exit code; any other
    /// error means the recording does not fit the host's types (exit 65).
    public let replay: @Sendable (ReplayRequest) throws -> ReplayReport

    public init(appName: String, reducers: [String], replay: @escaping @Sendable (ReplayRequest) throws -> ReplayReport) {
        self.appName = appName
        self.reducers = reducers
        self.replay = replay
    }
}
