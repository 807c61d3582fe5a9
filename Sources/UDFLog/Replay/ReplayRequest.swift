/// What an inspector asks a host to replay: the inspector knows no Swift
/// types of the host, so the request names everything by file, session,
/// timeline and reducer name.
public struct ReplayRequest: Sendable, Equatable {
    /// What to do with the replayed states.
    public enum Mode: Sendable, Equatable {
        /// Compare every replayed state with the recorded one; write nothing.
        case verify
        /// Write the replayed states into the new branch `name`, forked at
        /// `from` (the step before the first edit when nil, or 0 without edits).
        case branch(name: String, from: Int?, edits: ReplayEdits)
    }

    public let path: String
    /// The session id; the latest session when nil.
    public let session: Int?
    /// The timeline replayed; `main` when nil.
    public let timeline: String?
    /// One of the host's registered reducer names; its first when nil.
    public let reducer: String?
    public let mode: Mode

    public init(path: String, session: Int? = nil, timeline: String? = nil, reducer: String? = nil, mode: Mode) {
        self.path = path
        self.session = session
        self.timeline = timeline
        self.reducer = reducer
        self.mode = mode
    }
}
