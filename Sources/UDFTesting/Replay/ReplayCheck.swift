import UDF
import UDFJSON

/// Replays a recorded timeline's actions through a reducer and checks each
/// state against the recorded one: `udf-inspect verify --replay` as a test.
///
/// Effects are not run. Every recorded action, including those that effects
/// sent, goes through the reducer in order, from the recorded initial state.
/// A redacted action that no longer decodes cannot be re-run: its recorded
/// change is applied instead, as `udf-inspect replay` does. The first step
/// whose state differs fails the test with the step, the action and the
/// tree diff from the recorded state to the replayed one.
///
/// For example:
///
/// ```swift
/// @Test func fixTimeline() throws {
///     let timeline = try RecordedTimeline(firstStep: 0, initialState: initialState, steps: steps)
///     ReplayCheck(reducer: fixedAppReducer).run(timeline)
/// }
/// ```
public struct ReplayCheck<State: Codable, Action: Decodable & Sendable>: Sendable {
    public let reducer: Reducer<State, Action>
    public let reporter: FailureReporter

    public init(reducer: Reducer<State, Action>, reporter: FailureReporter = .automatic) {
        self.reducer = reducer
        self.reporter = reporter
    }

    /// Replays `timeline` and reports its first differing step.
    ///
    /// - Returns: true when every state matched the recording.
    @discardableResult
    public func run(
        _ timeline: RecordedTimeline,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Bool {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            try replay(timeline, location: location)
            return true
        } catch let failure as CheckFailure {
            reporter.report(failure.message, at: location)
        } catch {
            reporter.report("\(error)", at: location)
        }
        return false
    }

    private func replay(_ timeline: RecordedTimeline, location: TestLocation) throws {
        var state = try timeline.decodedInitialState(as: State.self)
        try CheckFailure.compare(
            state, with: timeline.initialState, context: "Step \(timeline.firstStep)",
            mismatch: "the recorded state does not survive a round trip through \(State.self) (- recorded, + decoded)"
        )
        for step in timeline.steps {
            if let action = try step.decodedAction(as: Action.self) {
                // Effects are dropped: the recorded actions are the whole input.
                _ = reducer.reduce(into: &state, action: action)
            } else {
                state = try step.reapplyingChange(to: state)
            }
            try CheckFailure.compare(
                state, with: step.state, context: "Step \(step.step) · \(step.action.canonicalText)",
                mismatch: "the state differs from the recording (- recorded, + replayed)"
            )
        }
    }
}
