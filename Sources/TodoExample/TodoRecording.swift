import UDF
import UDFRecorder

/// Records runs of the example app into a recording file.
public enum TodoRecording {
    public static let appName = "TodoExample"

    /// Records the demo script into `path` and closes the session.
    ///
    /// - Throws: `RecordingError` when the file cannot be written.
    @MainActor
    public static func recordDemo(to path: String, reducer: Reducer<AppState, AppAction> = appReducer) async throws {
        let recorder = try Recorder(path: path, app: appName, onFailure: { _ in })
        let store = Store(initialState: AppState(), reducer: reducer, middleware: [recorder.middleware()])
        await DemoScript.run(on: store)
        do {
            try recorder.close()
        } catch let failure as RecorderFailure {
            // The file's own error keeps its meaning (damaged, missing, full) for the caller.
            throw failure.error
        }
    }

    /// Records `count` pseudo-random user actions, reproducible from `seed`.
    ///
    /// - Parameter onStep: called after each action, for hosts that pace or log.
    @MainActor
    public static func recordWorkload(
        to path: String,
        count: Int,
        seed: UInt64,
        options: RecorderOptions = RecorderOptions(),
        onStep: (Int) -> Void = { _ in }
    ) async throws {
        let recorder = try Recorder(path: path, app: appName, options: options, onFailure: { _ in })
        let store = Store(initialState: AppState(), reducer: appReducer, middleware: [recorder.middleware()])
        var workload = TodoWorkload(seed: seed)
        for index in 0..<count {
            store.send(workload.nextAction(for: store.state))
            onStep(index)
        }
        await store.settle()
        try recorder.close()
    }
}
