import UDFInspect
import UDFRecorder

/// The example app registered with `udf-inspect`: its demo, and its reducers
/// for `replay` and `verify --replay`. A host's own inspector looks the same.
public enum TodoInspector {
    /// `app` (the shipped reducer, with the planted bug), `fixed` and `impure`.
    public static let reducers = ReplayReducers<AppState, AppAction>([
        ("app", appReducer),
        ("fixed", fixedAppReducer),
        ("impure", impureAppReducer),
    ])

    public static let replayHost = ReplayHost(appName: TodoRecording.appName, reducers: reducers.names) { request in
        try reducers.handle(request)
    }

    public static let configuration = InspectorConfiguration(demo: TodoDemo.scenario, replayHosts: [replayHost])
}
