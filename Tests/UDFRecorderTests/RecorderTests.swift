import Foundation
import TestSupport
import Testing
import UDF
import UDFJSON
import UDFLog
import UDFRecorder

@MainActor
@Suite struct RecorderTests {
    nonisolated static let ledgerReducer = Reducer<LedgerState, LedgerAction> { state, action in
        switch action {
        case .deposit(let memo, let cents):
            state.entryCount += 1
            state.balance += cents
            state.lastMemo = memo
            state.entries.append(.init(id: state.entryCount, memo: memo, cents: cents))
        case .adjust(let cents):
            state.balance += cents
        case .rename(let owner):
            state.owner = owner
        case .lock:
            state.isLocked = true
        case .unlock:
            state.isLocked = false
        }
        return .none
    }

    static func action(_ n: Int) -> LedgerAction {
        switch n % 10 {
        case 3: .rename("Owner \(n)")
        case 5: .lock
        case 6: .unlock
        case 0: .deposit(memo: "entry \(n)", cents: n * 7 % 1_000)
        default: .adjust(cents: n % 13)
        }
    }

    /// The main actor is shared with other suites' effects, so this test never
    /// blocks it for long: the queue is deep enough that sends do not wait,
    /// it yields now and then, and it waits for the writer off the main actor.
    /// 10,000 actions; a tenth in a debug build (see `Workload`).
    @Test func tenThousandActionsRecordEveryStateExactly() async throws {
        let actions = Workload.scaled(10_000)
        let middle = actions / 2
        let directory = try TemporaryDirectory()
        let path = directory.path("ledger.udf")
        let recorder = try Recorder(path: path, app: "Ledger", options: RecorderOptions(queueCapacity: 16_384, shadowCheck: true))
        let store = Store(initialState: LedgerState(), reducer: Self.ledgerReducer, middleware: [recorder.middleware()])
        var heldAtMiddle: LedgerState?
        for n in 1...actions {
            store.send(Self.action(n))
            if n == middle { heldAtMiddle = store.state }
            if n % 250 == 0 { await Task.yield() }
        }
        let finalState = store.state
        try await OffPool.run { try recorder.close() }
        #expect(recorder.failure == nil)
        let expected = try JSONValueEncoder().encode(try #require(heldAtMiddle))
        #expect(heldAtMiddle?.entries.count == middle / 10)
        try await Task.detached {
            try Self.checkLedgerRecording(path, actions: actions, expectedAtMiddle: expected, final: try JSONValueEncoder().encode(finalState))
        }.value
    }

    nonisolated static func checkLedgerRecording(_ path: String, actions: Int, expectedAtMiddle: JSONValue, final: JSONValue) throws {
        let middle = actions / 2
        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.stepCount == actions + 1)
        #expect(session.status == .closed)
        let main = try recording.timeline(nil, in: session)
        #expect(try recording.state(at: middle, on: main) == expectedAtMiddle)
        #expect(try recording.state(at: actions, on: main) == final)
        #expect(try recording.step(middle, on: main).actionName == "deposit")
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.steps == actions + 1)

        // What a user sees with only the sqlite3 shell, and with udf-inspect.
        #expect(try Subprocess.sqlite3(path, "SELECT count(*) FROM steps").stdout == "\(actions + 1)\n")
        let shown = try Subprocess.run(Executables.url("udf-inspect"), ["show", path, "\(middle)", "--json"])
        #expect(shown.status == 0)
        #expect(try JSONParser().parse(shown.stdout)["state"] == expectedAtMiddle)
        let verified = try Subprocess.run(Executables.url("udf-inspect"), ["verify", path])
        #expect(verified.status == 0)
    }

    @Test func anActionSentByAnEffectRecordsTheStepThatCausedIt() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("effects.udf")
        let reducer = Reducer<LedgerState, LedgerAction> { state, action in
            switch action {
            case .lock:
                state.isLocked = true
                return .run { send in await send(.deposit(memo: "interest", cents: 5)) }
            case .rename:
                return .merge(.send(.unlock), .send(.deposit(memo: "fee", cents: 1)))
            default:
                return Self.ledgerReducer.reduce(into: &state, action: action)
            }
        }
        let recorder = try Recorder(path: path, app: "Ledger", options: RecorderOptions(shadowCheck: true))
        let store = Store(initialState: LedgerState(), reducer: reducer, middleware: [recorder.middleware()])
        await store.send(.deposit(memo: "salary", cents: 100)).finish()
        await store.send(.lock).finish()
        await store.send(.rename("Grace")).finish()
        try recorder.close()

        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        let steps = try recording.steps(on: main)
        #expect(steps.map(\.actionName) == [nil, "deposit", "lock", "deposit", "rename", "unlock", "deposit"])
        #expect(steps.map(\.cause) == [nil, nil, nil, 2, nil, 4, 4])
        #expect(try recording.effects(of: 4, on: main).map(\.step) == [5, 6])
    }

    /// The failure goes to the caller once, not to `onFailure` and again from `close()`.
    @Test func anUnopenablePathThrowsFromInitAndReportsNothingElse() throws {
        let failures = FailureLog()
        do {
            _ = try Recorder(path: "/nonexistent-directory/x.udf", app: "Ledger") { failures.append($0.description) }
            Issue.record("the recorder opened a file in a missing directory")
        } catch {
            #expect("\(error)" == "cannot open '/nonexistent-directory/x.udf': unable to open database file")
        }
        #expect(failures.lines.isEmpty)
    }

    @Test func aFileDeletedWhileRecordingIsReportedAndTheHostRunsOn() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deleted.udf")
        let failures = FailureLog()
        let recorder = try Recorder(path: path, app: "Ledger", options: RecorderOptions(shadowCheck: true)) { failures.append($0.description) }
        let store = Store(initialState: LedgerState(), reducer: Self.ledgerReducer, middleware: [recorder.middleware()])
        store.send(Self.action(1))
        recorder.flush()
        try FileManager.default.removeItem(atPath: path)
        for n in 2...50 { store.send(Self.action(n)) }
        recorder.flush()
        #expect(store.state.entryCount == 5)
        #expect(failures.lines == ["udf recorder stopped: '\(path)' was deleted or replaced while recording"])
    }

    @Test func flushMakesEveryQueuedStepReadableWhileTheSessionIsOpen() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("flush.udf")
        let recorder = try Recorder(path: path, app: "Ledger", options: RecorderOptions(queueCapacity: 4, batchSize: 2, shadowCheck: true))
        let store = Store(initialState: LedgerState(), reducer: Self.ledgerReducer, middleware: [recorder.middleware()])
        for n in 1...25 { store.send(Self.action(n)) }
        recorder.flush()
        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.status == .recording)
        #expect(session.stepCount == 26)
        try recorder.close()
        #expect(try Recording(path: path).session(nil).status == .closed)
    }

    /// Senders do not wake a writer that dozes after running dry; one that
    /// then fell asleep is woken by the next send. Either way a step reaches
    /// the file with no flush: sent in a burst, after a pause within the
    /// doze, and after a pause long past it.
    @Test func everyStepReachesTheFileWithoutAFlushWhetherTheWriterDozedOrSlept() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("unflushed.udf")
        let recorder = try Recorder(path: path, app: "Ledger", options: RecorderOptions(queueCapacity: 8, batchSize: 2))
        let store = Store(initialState: LedgerState(), reducer: Self.ledgerReducer, middleware: [recorder.middleware()])
        func stepsInFile(reaching expected: Int) async throws -> Int {
            // A writer that is never woken leaves the count short at the
            // deadline. The file is read after every sleep, however late it
            // ends: in a busy suite a task can wait seconds for a thread.
            let deadline = ContinuousClock.now + .seconds(30)
            var count = 0
            while true {
                count = try Recording(path: path).session(nil).stepCount
                if count >= expected || ContinuousClock.now >= deadline { break }
                try await Task.sleep(for: .milliseconds(25))
            }
            return count
        }
        for n in 1...40 { store.send(Self.action(n)) }
        #expect(try await stepsInFile(reaching: 41) == 41)
        store.send(Self.action(41))
        #expect(try await stepsInFile(reaching: 42) == 42)
        try await Task.sleep(for: .milliseconds(100))
        store.send(Self.action(42))
        #expect(try await stepsInFile(reaching: 43) == 43)
        try await OffPool.run { try recorder.close() }
        #expect(recorder.failure == nil)
    }
}

/// Collects failure reports from the writer thread.
final class FailureLog: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    var lines: [String] { storage.withLock { $0 } }
}

import Synchronization
