import Foundation
import TestSupport
import Testing
import TodoExample
import UDF
import UDFJSON
import UDFLog
import UDFRecorder

/// Replays of the 1,001-step workload recording through the example's reducer.
@Suite struct ReplayerTests {
    @Test func anUneditedReplayReproducesEveryRecordedStateHash() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.workload, as: "workload.udf")
        let replayer = Replayer(reducer: appReducer)

        let check = try replayer.verify(path: path, reducerName: "app")
        #expect(check.divergence == nil)
        #expect(check.stepsReplayed == 1_000)
        #expect(check.reappliedSteps == [])

        let report = try replayer.replay(path: path, into: "again", reducerName: "app")
        #expect(report.fromStep == 0)
        #expect(report.stepsReplayed == 1_000)
        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        let main = try recording.timeline(nil, in: session)
        let again = try recording.timeline("again", in: session)
        #expect(again.forkStep == 0)
        #expect(again.lastStep == 1_000)
        let recorded = try recording.steps(on: main, matching: StepQuery(range: 1...1_000))
        let replayed = try recording.steps(on: again, matching: StepQuery(range: 1...1_000))
        #expect(replayed.allSatisfy { $0.timelineID == again.id })
        #expect(replayed.map(\.stateHash) == recorded.map(\.stateHash))
        #expect(replayed.map(\.action) == recorded.map(\.action))
        #expect(replayed.map(\.cause) == recorded.map(\.cause))
        #expect(try recording.verify().isOK)
    }

    /// The recorded actions of the workload's main timeline, decoded.
    static func recordedActions(_ path: String) throws -> [AppAction] {
        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        return try recording.steps(on: main, matching: StepQuery(range: 1...main.lastStep)).map { summary in
            try JSONValueDecoder().decode(AppAction.self, from: try #require(summary.action))
        }
    }

    /// States a fresh store gives for `actions`, encoded as the recorder stores them; index n is step n.
    @MainActor
    static func freshStates(_ actions: [AppAction]) throws -> [JSONValue] {
        let store = Store(initialState: AppState(), reducer: appReducer, historyLimit: 0)
        var states = [try JSONValueEncoder().encode(store.state)]
        for action in actions {
            store.send(action)
            states.append(Redactor().redact(try JSONValueEncoder().encode(store.state)).value)
        }
        return states
    }

    /// Replays with `edits` into `name` and checks every state of the branch against a fresh store.
    @MainActor
    static func expectBranchMatchesFreshStore(edits: ReplayEdits, edited: ([AppAction]) -> [AppAction], fork: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.workload, as: "workload.udf")
        let expected = try freshStates(edited(try recordedActions(path)))
        let report = try Replayer(reducer: appReducer).replay(path: path, edits: edits, into: "edited")
        #expect(report.fromStep == fork)
        let recording = try Recording(path: path)
        let branch = try #require(report.branch)
        #expect(branch.forkStep == fork)
        #expect(branch.lastStep == expected.count - 1)
        var compared = 0
        try recording.walk(branch, range: fork...branch.lastStep) { summary, state in
            #expect(state == expected[summary.step], "step \(summary.step)")
            compared += 1
            return state == expected[summary.step]
        }
        #expect(compared == expected.count - fork)
    }

    @MainActor @Test func skippingAStepGivesWhatAFreshStoreGivesWithoutIt() throws {
        try Self.expectBranchMatchesFreshStore(edits: ReplayEdits(skipped: [40]), edited: { actions in
            var actions = actions
            actions.remove(at: 39)
            return actions
        }, fork: 39)
    }

    @MainActor @Test func replacingAnActionGivesWhatAFreshStoreGivesWithTheNewOne() throws {
        let replacement = AppAction.addTodo("Replaced at 45")
        try Self.expectBranchMatchesFreshStore(
            edits: ReplayEdits(replacements: [45: try JSONValueEncoder().encode(replacement)]),
            edited: { actions in
                var actions = actions
                actions[44] = replacement
                return actions
            },
            fork: 44
        )
    }

    @MainActor @Test func insertingActionsGivesWhatAFreshStoreGivesWithThem() throws {
        let inserted: [AppAction] = [.setFilter(.completed), .addTodo("Inserted before 50")]
        try Self.expectBranchMatchesFreshStore(
            edits: ReplayEdits(insertions: [50: try inserted.map { try JSONValueEncoder().encode($0) }]),
            edited: { actions in
                var actions = actions
                actions.insert(contentsOf: inserted, at: 49)
                return actions
            },
            fork: 49
        )
    }

    struct WrongState: Codable, Sendable {
        var balance: Int
    }

    @Test func aStateThatDoesNotDecodeIsAClearError() throws {
        #expect(throws: ReplayError.stateMismatch(
            step: 13, timeline: "main", type: "WrongState", reason: "key not found at .balance"
        )) {
            try Resume<WrongState>(path: Fixtures.demo)
        }
        #expect(throws: RecordingError.notFound("step 14 does not exist: timeline 'main' has steps 0…13")) {
            try Resume<AppState>(path: Fixtures.demo, at: 14)
        }
        let resumed = try Resume<AppState>(path: Fixtures.demo, at: 10)
        #expect(resumed.step == 10)
        #expect(resumed.state.filter == .active)
        #expect(resumed.state.todos.map(\.title) == ["Buy milk", "Walk the dog", "Pay rent", "Call mom"])
    }
}
