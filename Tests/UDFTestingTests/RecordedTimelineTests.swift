import Testing
import UDF
import UDFJSON
import UDFTesting

/// Reading the literals of a generated test, and the errors for literals it never writes.
@Suite struct RecordedTimelineTests {
    @Test func patchesAndWholeStatesBuildEachRecordedState() throws {
        let timeline = try RecordedTimeline(
            firstStep: 4,
            initialState: #"{"count":0,"answers":[]}"#,
            steps: [
                #"{"step":5,"send":{"ask":{}},"patch":[]}"#,
                #"{"step":6,"receive":{"answer":{"_0":0}},"cause":5,"patch":[{"op":"add","path":"/answers/-","value":0}]}"#,
                #"{"step":7,"send":{"increment":{}},"state":{"answers":[0],"count":1}}"#,
            ]
        )
        #expect(timeline.firstStep == 4)
        #expect(timeline.steps.map(\.step) == [5, 6, 7])
        #expect(timeline.steps.map(\.origin) == [.sent, .received(cause: 5), .sent])
        #expect(timeline.steps.map(\.state.canonicalText) == [
            #"{"answers":[],"count":0}"#,
            #"{"answers":[0],"count":0}"#,
            #"{"answers":[0],"count":1}"#,
        ])
        #expect(timeline.steps[2].change.jsonValue.canonicalText == #"[{"op":"replace","path":"/count","value":1}]"#)
        #expect(!timeline.effectsOutliveRange)
    }

    @Test(arguments: [
        (#"{"step":2,"send":{"a":{}},"patch":[]}"#, "the line of step 1 holds step 2; steps must follow one another"),
        (#"{"step":1,"send":{"a":{}},"receive":{"a":{}},"cause":0,"patch":[]}"#, #"step 1 needs exactly one of "send" and "receive""#),
        (#"{"step":1,"receive":{"a":{}},"patch":[]}"#, "step 1 is received but names no earlier step as its cause"),
        (#"{"step":1,"send":{"a":{}}}"#, #"step 1 needs exactly one of "patch" and "state""#),
        (#"{"step":1,"send":{"a":{}},"patch":[{"op":"remove","path":"/missing"}]}"#, "the patch of step 1 does not apply to the state before it: patch operation 0 (remove): path /missing does not exist"),
        (#"{"step":1,"send":"#, "the line of step 1 is not valid JSON: "),
    ])
    func literalsThatTestgenNeverWritesAreRefused(_ line: String, _ message: String) {
        #expect {
            _ = try RecordedTimeline(initialState: #"{"count":0}"#, steps: [line])
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func aRedactedValueMatchesAnyValueAndOnlyThere() throws {
        let timeline = try RecordedTimeline(
            initialState: #"{"users":[{"id":1,"token":"<redacted>"},{"id":2,"token":"<redacted>"}],"count":0}"#,
            steps: [#"{"step":1,"send":{"increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}"#]
        )
        struct User: Codable { var id: Int; var token: String }
        struct Users: Codable { var users: [User]; var count: Int }
        let log = FailureLog()
        let reducer = UDF.Reducer<Users, Increment> { state, _ in
            // A new user before the others: the mask follows ids, not positions.
            state.users.insert(User(id: 3, token: "t3"), at: 0)
            state.users[1].token = "t1"
            state.count += 1
            return .none
        }
        ReplayCheck(reducer: reducer, reporter: log.reporter).run(timeline)
        #expect(log.all == [
            """
            Step 1 · {"increment":{}}: the state differs from the recording (- recorded, + replayed)
              {
                "count": 1
                "users": [
            +     [id=3]: {
            +       "id": 3
            +       "token": "t3"
            +     }
                  … (2 unchanged)
                ]
              }
            """,
        ])
    }
}

enum Increment: Codable, Sendable {
    case increment
}
