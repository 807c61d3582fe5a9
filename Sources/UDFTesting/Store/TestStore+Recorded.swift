import UDF
import UDFJSON

extension TestStore where State: Decodable, Action: Decodable {
    /// A test store that starts from the recorded state at the timeline's first step.
    ///
    /// - Throws: ``RecordedTimelineError/stateMismatch(step:type:reason:)``
    ///   when the recorded state does not decode into `State`.
    public convenience init(
        recorded timeline: RecordedTimeline,
        reducer: Reducer<State, Action>,
        timeout: Duration = TestStore.defaultTimeout,
        reporter: FailureReporter = .automatic,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws(RecordedTimelineError) {
        self.init(
            initialState: try timeline.decodedInitialState(as: State.self), reducer: reducer, initialStep: timeline.firstStep, timeout: timeout,
            reporter: reporter, fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// Plays a recorded timeline through the store and checks every state
    /// against the recorded one; then ends the test as ``finish(fileID:filePath:line:column:)`` does.
    ///
    /// A step the user sent is sent; a step an effect sent is received from
    /// the effects the store runs, with its cause. A redacted action that no
    /// longer decodes cannot be re-run: its recorded change is applied, and
    /// actions its effects sent are sent as recorded. `"<redacted>"` in the
    /// recording matches any value. Playing stops at the first failure.
    ///
    /// - Returns: true when every step matched.
    @discardableResult
    public func play(
        _ timeline: RecordedTimeline,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Bool {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard step == timeline.firstStep else {
            reporter.report("The store is at step \(step), but the recording starts at step \(timeline.firstStep).", at: location)
            return false
        }
        let roundTrip = check(
            .recorded(timeline.initialState), before: state,
            context: "Step \(timeline.firstStep) (the recorded initial state, decoded into \(State.self))", at: location
        )
        guard roundTrip else { return false }
        // Steps whose action did not run: no effect of theirs can send anything.
        var notRun: Set<Int> = []
        for recorded in timeline.steps {
            let passed: Bool
            if case .received(let cause) = recorded.origin, cause > timeline.firstStep, !notRun.contains(cause) {
                passed = await receive(recorded.action, causedBy: cause, expecting: .recorded(recorded.state), at: location)
            } else {
                do {
                    passed = try send(recorded, notRun: &notRun, at: location)
                } catch {
                    reporter.report("\(error)", at: location)
                    return false
                }
            }
            guard passed else { return false }
        }
        if timeline.effectsOutliveRange {
            // The recording goes on past this range with what these effects sent.
            isFinished = true
            skipReceivedActions()
            skipInFlightEffects()
            return true
        }
        await finish(fileID: fileID, filePath: filePath, line: line, column: column)
        return true
    }

    private func send(_ recorded: RecordedStep, notRun: inout Set<Int>, at location: TestLocation) throws(RecordedTimelineError) -> Bool {
        let shown = recorded.action.canonicalText
        if let action = try recorded.decodedAction(as: Action.self) {
            return reduce(action, shown: shown, expecting: .recorded(recorded.state), at: location)
        }
        let before = state
        state = try recorded.reapplyingChange(to: state)
        step += 1
        notRun.insert(recorded.step)
        return check(.recorded(recorded.state), before: before, context: "Step \(recorded.step) · \(shown)", at: location)
    }
}
