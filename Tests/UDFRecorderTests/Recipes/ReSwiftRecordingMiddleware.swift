import UDFRecorder

// The ReSwift recipe, as docs/embedding.md shows it: a `Middleware<State>`
// that records each action after the reducer ran, named by its type, since
// ReSwift actions are usually structs rather than enum cases.

func recordingMiddleware<State>(_ recorder: Recorder) -> ReSwift.Middleware<State> {
    { _, getState in
        { next in
            { action in
                next(action)
                if let state = getState() {
                    recorder.record(action: action, state: state, actionName: "\(type(of: action))")
                }
            }
        }
    }
}
