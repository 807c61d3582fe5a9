import Testing
import UDF
import UDFTesting

/// Replaying recorded actions through a reducer, without effects.
@Suite struct ReplayCheckTests {
    static let timeline: RecordedTimeline = {
        do {
            return try RecordedTimeline(
                initialState: #"{"answers":[],"count":0}"#,
                steps: [
                    #"{"step":1,"send":{"increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}"#,
                    #"{"step":2,"send":{"ask":{}},"patch":[]}"#,
                    #"{"step":3,"receive":{"answer":{"_0":10}},"cause":2,"patch":[{"op":"add","path":"/answers/0","value":10}]}"#,
                    #"{"step":4,"send":{"increment":{}},"patch":[{"op":"replace","path":"/count","value":2}]}"#,
                ]
            )
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    @Test func everyStateMatchesWithTheRecordedReducer() {
        let log = FailureLog()
        #expect(ReplayCheck(reducer: counterReducer, reporter: log.reporter).run(Self.timeline))
        #expect(log.all == [])
    }

    @Test func theFirstDifferingStepFailsWithItsActionAndDiff() {
        let skipping = UDF.Reducer<Counter, CounterAction> { state, action in
            if case .increment = action, state.count > 0 {
                state.count += 2
                return .none
            }
            return counterReducer.reduce(into: &state, action: action)
        }
        withKnownIssue {
            ReplayCheck(reducer: skipping).run(Self.timeline)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Step 4 · {"increment":{}}: the state differs from the recording (- recorded, + replayed)
                  {
                    "answers": […]
                -   "count": 2
                +   "count": 3
                  }
                """,
            ]
        }
    }

    @Test func aRedactedActionThatNoLongerDecodesAppliesItsRecordedChange() throws {
        let redacted = try RecordedTimeline(
            initialState: #"{"answers":[],"count":0}"#,
            steps: [
                #"{"step":1,"send":{"answer":"<redacted>"},"patch":[{"op":"add","path":"/answers/0","value":"<redacted>"}]}"#,
                #"{"step":2,"send":{"increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}"#,
            ]
        )
        let log = FailureLog()
        // The change puts a string into an Int array: it cannot decode, and that is said.
        #expect(!ReplayCheck(reducer: counterReducer, reporter: log.reporter).run(redacted))
        #expect(log.all.count == 1)
        #expect(log.all.first?.hasPrefix("the state at step 1 does not decode into Counter: ") == true)

        let fitting = try RecordedTimeline(
            initialState: #"{"answers":[],"count":0}"#,
            steps: [
                #"{"step":1,"send":{"answer":"<redacted>"},"patch":[{"op":"add","path":"/answers/0","value":7}]}"#,
                #"{"step":2,"send":{"increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}"#,
            ]
        )
        let quiet = FailureLog()
        #expect(ReplayCheck(reducer: counterReducer, reporter: quiet.reporter).run(fitting))
        #expect(quiet.all == [])
    }

    @Test func anActionThatDoesNotDecodeAndIsNotRedactedFails() throws {
        let timeline = try RecordedTimeline(
            initialState: #"{"answers":[],"count":0}"#,
            steps: [#"{"step":1,"send":{"launch":{}},"patch":[]}"#]
        )
        let log = FailureLog()
        #expect(!ReplayCheck(reducer: counterReducer, reporter: log.reporter).run(timeline))
        #expect(log.all.first?.hasPrefix("the action at step 1 does not decode into CounterAction: ") == true)
    }

    @Test func anInitialStateThatLosesDataInTheRoundTripFails() throws {
        let timeline = try RecordedTimeline(initialState: #"{"answers":[],"count":0,"extra":true}"#, steps: [])
        let log = FailureLog()
        #expect(!ReplayCheck(reducer: counterReducer, reporter: log.reporter).run(timeline))
        #expect(log.all == [
            """
            Step 0: the recorded state does not survive a round trip through Counter (- recorded, + decoded)
              {
                … (2 unchanged)
            -   "extra": true
              }
            """,
        ])
    }
}
