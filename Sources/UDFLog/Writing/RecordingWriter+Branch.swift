extension RecordingWriter {
    /// Opens a writer that appends to the branch `name` of an existing session.
    ///
    /// A missing branch is created, forked from `timeline` at `step`. An
    /// existing one is continued, with `existing: .continueAtEnd`, when it ends
    /// at `step` and shares that step with `timeline`: for example after
    /// `udf-inspect branch --at 40 --name fix`, or to resume `fix` at its end.
    /// The first step appended must be `step + 1`; it is stored as a keyframe.
    /// The session's row is never changed, not even by `close()`.
    ///
    /// For example:
    /// ```swift
    /// let writer = try RecordingWriter(path: "todo.udf", timeline: "main", at: 40, into: "fix")
    /// try writer.append([StepInput(step: 41, …)])
    /// ```
    ///
    /// - Parameters:
    ///   - session: the session id; the latest session when nil.
    ///   - timeline: the timeline to fork; `main` when nil.
    ///   - redactor: what is replaced before steps are stored.
    ///   - shadowCheck: take the plain path beside every shortcut, as tests do.
    /// - Throws: `RecordingError`, as `RecordingBranches.create` does.
    public convenience init(
        path: String,
        session: Int? = nil,
        timeline: String? = nil,
        at step: Int,
        into name: String,
        existing: RecordingBranches.Existing = .continueAtEnd,
        redactor: Redactor = .none,
        shadowCheck: Bool = false
    ) throws(RecordingError) {
        let database = try RecordingBranches.open(path)
        let prepared: RecordingBranches.Prepared
        do {
            prepared = try RecordingBranches.prepare(
                database, path: path, session: session, parent: timeline, at: step, name: name, existing: existing
            )
        } catch {
            database.close()
            throw error
        }
        self.init(
            path: path,
            database: database,
            sessionID: prepared.timeline.sessionID,
            timelineID: prepared.timeline.id,
            encoder: StepEncoder(
                policy: KeyframePolicy(interval: prepared.keyframeInterval), hashAlgorithm: prepared.hashAlgorithm,
                redactor: redactor, shadowCheck: shadowCheck
            ),
            nextStep: prepared.timeline.lastStep + 1
        )
    }
}
