import UDFLog

extension Recorder {
    /// Records a store resumed from a recorded step into the branch `branch`.
    ///
    /// The branch is created, forked from `timeline` at `step`, or continued
    /// when it already exists and ends at that step (as after
    /// `udf-inspect branch --at STEP --name NAME`). The store must start from
    /// the state at `step` with `initialStep: step`; its first action is
    /// recorded as `step + 1`. The fork step itself is not written again: the
    /// branch inherits it. The session's keyframe interval applies, whatever
    /// `options.keyframePolicy` says.
    ///
    /// Unlike a new session, a branch that cannot be opened throws here: the
    /// caller asked for one particular place in one particular file.
    ///
    /// - Throws: `RecordingError`: `.notFound` for a missing session, timeline
    ///   or step, `.invalidArgument` for a taken name that does not continue
    ///   from `step`, and the reader's errors for a file that is not a recording.
    public convenience init(
        resuming path: String,
        session: Int? = nil,
        timeline: String? = nil,
        at step: Int,
        into branch: String,
        options: RecorderOptions = RecorderOptions(),
        onFailure: @escaping @Sendable (RecorderFailure) -> Void = Recorder.printFailure
    ) throws {
        let path = Recorder.normalized(path)
        let writer = try RecordingWriter(
            path: path, session: session, timeline: timeline, at: step, into: branch,
            redactor: options.redactor, shadowCheck: options.shadowCheck
        )
        self.init(path: path, options: options, onFailure: onFailure, writer: writer, resumedAt: step)
    }

    /// Records a store started from `resume` into the branch `branch`.
    public convenience init<State>(
        resuming resume: Resume<State>,
        into branch: String,
        options: RecorderOptions = RecorderOptions(),
        onFailure: @escaping @Sendable (RecorderFailure) -> Void = Recorder.printFailure
    ) throws {
        try self.init(
            resuming: resume.path, session: resume.sessionID, timeline: resume.timeline,
            at: resume.step, into: branch, options: options, onFailure: onFailure
        )
    }
}
