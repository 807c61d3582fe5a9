import Foundation
import TestSupport
import Testing
import UDFRecorder

/// A host with a store of its own records through `start(state:)` and
/// `record(action:state:)`; the recorder numbers the steps.
@Suite struct StoreNeutralRecorderTests {
    private static func ledger(after deposits: Int) -> LedgerState {
        var state = LedgerState()
        for n in 0..<deposits {
            state.entryCount += 1
            state.balance += n
            state.entries.append(.init(id: n + 1, memo: "memo \(n)", cents: n))
        }
        return state
    }

    @Test func theHostsAppVersionIsStoredWithTheSession() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("versioned.udf")
        let recorder = try Recorder(path: path, app: "Ledger", options: RecorderOptions(appVersion: "3.1.4"))
        recorder.start(state: LedgerState())
        try recorder.close()
        #expect(try Recording(path: path).session(nil).appVersion == "3.1.4")
    }

    /// A name is stored whole: a NUL in an app's name, an action's name or
    /// an action's text does not end it there (SQLite was once handed C
    /// strings, which stop at the first NUL).
    @Test func namesWithANulInsideAreStoredWhole() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nul.udf")
        let recorder = try Recorder(path: path, app: "Led\u{0}ger", options: RecorderOptions(shadowCheck: true, appVersion: "1\u{0}2"))
        recorder.start(state: LedgerState())
        recorder.record(action: "pay\u{0}now", state: Self.ledger(after: 1))
        try recorder.close()
        #expect(recorder.failure == nil)

        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.app == "Led\u{0}ger")
        #expect(session.appVersion == "1\u{0}2")
        let steps = try recording.steps(on: try recording.timeline(nil, in: session))
        #expect(steps.map(\.actionName) == [nil, "pay\u{0}now"])
        #expect(steps.last?.action == .string("pay\u{0}now"))
    }

    @Test func stepsSentFromTheMainActorATaskAndAnActorAreNumberedInOrder() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("neutral.udf")
        let recorder = try Recorder(path: path, app: "Ledger", options: RecorderOptions(shadowCheck: true))
        recorder.start(state: LedgerState(), time: Date(timeIntervalSince1970: 100))
        let first = await MainActor.run {
            recorder.record(
                action: LedgerAction.deposit(memo: "memo 0", cents: 0), state: Self.ledger(after: 1),
                time: Date(timeIntervalSince1970: 101), reducerDuration: .microseconds(3)
            )
        }
        let second = await Task.detached {
            recorder.record(action: LedgerAction.deposit(memo: "memo 1", cents: 1), state: Self.ledger(after: 2), cause: 1)
        }.value
        let third = await LedgerActor().send(to: recorder)
        #expect([first, second, third] == [1, 2, 3])
        try recorder.close()
        #expect(recorder.failure == nil)

        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        let steps = try recording.steps(on: main)
        #expect(steps.map(\.step) == [0, 1, 2, 3])
        #expect(steps.map(\.actionName) == [nil, "deposit", "deposit", "rename"])
        #expect(steps.map(\.cause) == [nil, nil, 1, nil])
        #expect(steps[1].reducerNanoseconds == 3_000)
        #expect(steps[1].time == Date(timeIntervalSince1970: 101))
        #expect(try recording.state(at: 2, on: main) == JSONValueEncoder().encode(Self.ledger(after: 2)))
        #expect(try recording.verify().isOK)
    }

    @Test func concurrentSendersEachGetADistinctStepAndTheFileVerifies() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("concurrent.udf")
        let recorder = try Recorder(path: path, app: "Ledger", options: RecorderOptions(queueCapacity: 8, shadowCheck: true))
        recorder.start(state: LedgerState())
        let numbers = await withTaskGroup(of: [Int].self) { group in
            for sender in 0..<4 {
                group.addTask {
                    (0..<100).compactMap { n in
                        recorder.record(action: LedgerAction.adjust(cents: sender * 1_000 + n), state: Self.ledger(after: n % 7))
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(numbers.sorted() == Array(1...400))
        try recorder.close()
        let recording = try Recording(path: path)
        #expect(try recording.session(nil).stepCount == 401)
        #expect(try recording.verify().isOK)
    }

    @Test func aStepSentAfterCloseIsReportedOnce() throws {
        let directory = try TemporaryDirectory()
        let failures = FailureLog()
        let recorder = try Recorder(path: directory.path("late.udf"), app: "Ledger") { failures.append($0.description) }
        recorder.start(state: LedgerState())
        try recorder.close()
        #expect(recorder.record(action: LedgerAction.lock, state: LedgerState()) == nil)
        #expect(recorder.record(action: LedgerAction.unlock, state: LedgerState()) == nil)
        #expect(failures.lines == [
            "udf recorder: a step was sent after close() and not recorded (a store with effects in flight must settle before close())",
        ])
        #expect(try Recording(path: directory.path("late.udf")).session(nil).stepCount == 1)
    }

    @Test func aTransitionBeforeTheFirstStateIsReportedOnce() throws {
        let directory = try TemporaryDirectory()
        let failures = FailureLog()
        let recorder = try Recorder(path: directory.path("early.udf"), app: "Ledger") { failures.append($0.description) }
        #expect(recorder.record(action: LedgerAction.lock, state: LedgerState()) == nil)
        recorder.start(state: LedgerState())
        #expect(recorder.record(action: LedgerAction.lock, state: LedgerState()) == 1)
        try recorder.close()
        #expect(failures.lines == [
            "udf recorder: record(action:state:) was called before start(state:); the step was not recorded",
        ])
    }

    /// SQLite would open `x.udf/` as another file than the one checked for
    /// deletion, and report "deleted or replaced" at the first write.
    @Test func aPathWithATrailingSlashRecordsIntoTheFileItNames() throws {
        let directory = try TemporaryDirectory()
        let failures = FailureLog()
        let recorder = try Recorder(path: directory.path("slash.udf") + "/", app: "Ledger") { failures.append($0.description) }
        #expect(recorder.path == directory.path("slash.udf"))
        recorder.start(state: LedgerState())
        recorder.record(action: LedgerAction.lock, state: LedgerState())
        try recorder.close()
        #expect(failures.lines.isEmpty)
        #expect(try Recording(path: directory.path("slash.udf")).session(nil).stepCount == 2)
    }
}

/// A sender isolated to an actor of its own.
private actor LedgerActor {
    func send(to recorder: Recorder) -> Int? {
        recorder.record(action: LedgerAction.rename("Grace"), state: LedgerState(owner: "Grace"))
    }
}
