import Foundation
import TestSupport
import Testing
import UDF
import UDFJSON
import UDFLog
import UDFRecorder

/// A recording file that cannot grow: the host runs on, the recorder reports
/// once and stops, and every committed step stays readable.
@MainActor
@Suite struct RecorderFullDiskTests {
    @Test func aFileThatCannotGrowStopsTheRecorderOnceAndKeepsEveryCommittedStep() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("full.udf")
        let limit = 256 * 1_024
        let failures = FailureLog()
        let recorder = try Recorder(
            path: path,
            app: "Notebook",
            options: RecorderOptions(queueCapacity: 16, batchSize: 8, maximumFileSize: limit)
        ) { failures.append($0.description) }
        let store = Store(initialState: NotebookState(), reducer: NotebookAction.reducer, middleware: [recorder.middleware()])
        var states = [store.state]
        var sent = 0
        while recorder.failure == nil && sent < 20_000 {
            sent += 1
            store.send(.write("note \(sent): " + String(repeating: "x", count: 200)))
            states.append(store.state)
            if sent % 50 == 0 { recorder.flush() }
        }
        recorder.flush()
        #expect(failures.all == ["udf recorder stopped: cannot write '\(path)': the disk is full"])

        // The host runs on after the failure, and nothing more is reported.
        for _ in 1...200 { store.send(.tick) }
        recorder.flush()
        #expect(store.state.ticks == 200)
        #expect(store.state.notes.count == sent)
        #expect(failures.all.count == 1)
        #expect(throws: RecorderFailure.self) { try recorder.close() }
        #expect(failures.all.count == 1)

        let integrity = try Subprocess.sqlite3(path, "PRAGMA integrity_check")
        #expect(integrity.stdout == "ok\n")
        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.stepCount > 100)
        #expect(session.stepCount < sent + 1)
        #expect(session.status == .interrupted)
        let main = try recording.timeline(nil, in: session)
        let last = session.stepCount - 1
        #expect(try recording.state(at: last, on: main) == JSONValueEncoder().encode(states[last]))
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.steps == session.stepCount)
        let pages = try Subprocess.sqlite3(path, "PRAGMA page_count").stdout
        #expect((Int(pages.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max) * 4_096 <= limit)
    }

    @Test func aLimitBelowTheFileSizeStopsAtTheFirstNewPageAndKeepsEarlierSessions() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.workload, as: "big.udf")
        // The new session's own row needs a new page: starting fails, from `init`.
        #expect {
            try Recorder(path: path, app: "Notebook", options: RecorderOptions(maximumFileSize: 4_096))
        } throws: { error in
            "\(error)" == "cannot write '\(path)': the disk is full"
        }

        let recording = try Recording(path: path)
        let sessions = try recording.sessions()
        #expect(sessions.first?.stepCount == 1_001)
        #expect(sessions.first?.status == .closed)
        #expect(sessions.count <= 2)
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
    }
}
