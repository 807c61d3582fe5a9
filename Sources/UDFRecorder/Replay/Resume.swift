import UDFJSON
import UDFLog

/// A recorded state decoded into the host's state type, to start a store from.
///
/// For example, to go on from step 40 of `main` in a branch `fix`:
/// ```swift
/// let resumed = try Resume<AppState>(path: "todo.udf", timeline: "main", at: 40)
/// let recorder = try Recorder(resuming: resumed, into: "fix")
/// let store = Store(initialState: resumed.state, reducer: appReducer,
///                   middleware: [recorder.middleware()], initialStep: resumed.step)
/// ```
public struct Resume<State: Decodable> {
    /// The state after `step`.
    public let state: State
    /// The step the state is from; the store's first action gets `step + 1`.
    public let step: Int
    public let path: String
    public let sessionID: Int
    /// The timeline the state was read from.
    public let timeline: String

    /// Reads and decodes the state at `step` of `timeline`.
    ///
    /// - Parameters:
    ///   - session: the session id; the latest when nil.
    ///   - timeline: `main` when nil.
    ///   - step: the timeline's last step when nil.
    /// - Throws: `RecordingError` for a file, session, timeline or step that
    ///   is missing or unreadable (`.notFound` for a step beyond the end);
    ///   `ReplayError.stateMismatch` when the state does not decode into `State`,
    ///   `.recordedByReflection` for a session whose values were not `Codable`.
    public init(path: String, session: Int? = nil, timeline: String? = nil, at step: Int? = nil) throws {
        let recording = try Recording(path: path)
        let chosenSession = try recording.session(session)
        try ReplayError.requireCodable(chosenSession)
        let chosenTimeline = try recording.timeline(timeline, in: chosenSession)
        let step = step ?? chosenTimeline.lastStep
        let json = try recording.state(at: step, on: chosenTimeline)
        self.state = try Self.decode(json, step: step, timeline: chosenTimeline.name)
        self.step = step
        self.path = path
        self.sessionID = chosenSession.id
        self.timeline = chosenTimeline.name
    }

    static func decode(_ json: JSONValue, step: Int, timeline: String) throws(ReplayError) -> State {
        do {
            return try JSONValueDecoder().decode(State.self, from: json)
        } catch {
            throw ReplayError.stateMismatch(step: step, timeline: timeline, type: String(describing: State.self), reason: "\(error)")
        }
    }
}

extension Resume: Sendable where State: Sendable {}
