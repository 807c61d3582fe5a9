import Testing
import UDFTesting

/// The exhaustive test store: what passes, and the exact message of each failure.
@MainActor @Suite struct TestStoreTests {
    @Test func assertedSendsAndReceivesPass() async {
        let log = FailureLog()
        let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: patience, reporter: log.reporter)
        store.send(.increment) { $0.count = 1 }
        store.send(.ask)
        await store.receive(.answer(10), causedBy: 2) { $0.answers = [10] }
        store.send(.incrementLater)
        await store.receive(.increment, causedBy: 4) { $0.count = 2 }
        await store.finish()
        #expect(log.all == [])
        #expect(store.step == 5)
    }

    @Test func anUnassertedChangeFails() {
        let log = FailureLog()
        let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: patience, reporter: log.reporter)
        store.send(.increment)
        #expect(log.all == [
            """
            Step 1 · {"increment":{}}: the state differs from the expectation (- expected, + actual)
              {
                "answers": []
            -   "count": 0
            +   "count": 1
              }
            """,
        ])
    }

    @Test func anUnassertedChangeIsASwiftTestingIssue() {
        let store = TestStore(initialState: Counter(count: 2), reducer: counterReducer)
        withKnownIssue {
            store.send(.increment) { $0.count = 4 }
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                Step 1 · {"increment":{}}: the state differs from the expectation (- expected, + actual)
                  {
                    "answers": []
                -   "count": 4
                +   "count": 3
                  }
                """,
            ]
        }
    }

    @Test func aMissingReceiveFailsWhenTheTestEnds() async {
        let log = FailureLog()
        let store = TestStore(initialState: Counter(count: 2), reducer: counterReducer, timeout: patience, reporter: log.reporter)
        store.send(.askTwice)
        await store.finish()
        #expect(log.all == [
            """
            The test ended with 2 actions that effects sent and no one received:
              {"answer":{"_0":2}}, sent by the effect of step 1
              {"answer":{"_0":3}}, sent by the effect of step 1
            """,
        ])
    }

    @Test func aStoreReleasedWithoutFinishReportsWhatItDidNotReceive() {
        let log = FailureLog()
        do {
            let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: patience, reporter: log.reporter)
            store.send(.incrementLater)
        }
        #expect(log.all == [
            """
            The test ended with 1 action that an effect sent and no one received:
              {"increment":{}}, sent by the effect of step 1
            """,
        ])
    }

    @Test func anExtraReceiveFails() async {
        let log = FailureLog()
        let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: patience, reporter: log.reporter)
        store.send(.increment) { $0.count = 1 }
        await store.receive(.answer(10))
        await store.finish()
        #expect(log.all == [
            #"Step 2: expected to receive {"answer":{"_0":10}}, but no effect sent an action."#,
        ])
    }

    @Test func aReceiveOfAnotherActionShowsTheDiff() async {
        let log = FailureLog()
        let store = TestStore(initialState: Counter(count: 4), reducer: counterReducer, timeout: patience, reporter: log.reporter)
        store.send(.ask)
        await store.receive(.answer(41), causedBy: 1) { $0.answers = [41] }
        #expect(log.all == [
            """
            Step 2: expected to receive {"answer":{"_0":41}} from the effect of step 1, but the next action an effect sent, from step 1, differs (- expected, + received)
              {
                "answer": {
            -     "_0": 41
            +     "_0": 40
                }
              }
            """,
        ])
        store.skipReceivedActions()
    }

    @Test func aReceiveFromAnotherCauseFails() async {
        let log = FailureLog()
        let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: patience, reporter: log.reporter)
        store.send(.incrementLater)
        await store.receive(.increment, causedBy: 7) { $0.count = 1 }
        #expect(log.all == [
            #"Step 2: expected to receive {"increment":{}} from the effect of step 7, but it came from the effect of step 1."#,
        ])
        store.skipReceivedActions()
    }

    @Test func anEffectStillRunningAtTheEndFailsAndIsCancelled() async {
        let log = FailureLog()
        let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: .milliseconds(20), reporter: log.reporter)
        store.send(.askSlowly)
        await store.finish()
        #expect(log.all == [
            "The test ended while effects of step 1 were still running after waiting 0.02 seconds; they were cancelled.",
        ])
    }

    @Test func receivedActionsWaitUntilTheTestTakesThem() async {
        let log = FailureLog()
        let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: patience, reporter: log.reporter)
        store.send(.ask)
        // The answer arrived, but is reduced only when received: after this send.
        store.send(.increment) { $0.count = 1 }
        await store.receive(.answer(0), causedBy: 1) { $0.answers = [0] }
        await store.finish()
        #expect(log.all == [])
        #expect(store.pendingActions.isEmpty)
    }
}
