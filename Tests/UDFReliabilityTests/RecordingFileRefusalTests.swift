import Foundation
import TestSupport
import Testing
import UDF
import UDFLog
import UDFRecorder

/// Recording files that vanish or refuse writes while a host records, and two
/// hosts writing one file at once.
@MainActor
@Suite struct RecordingFileRefusalTests {
    @Test func aFileDeletedWhileRecordingIsReportedOnceAndTheHostRunsOn() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deleted.udf")
        let failures = FailureLog()
        let recorder = try Recorder(path: path, app: "Notebook") { failures.append($0.description) }
        let store = Store(initialState: NotebookState(), reducer: NotebookAction.reducer, middleware: [recorder.middleware()])
        for n in 1...20 { store.send(.write("before \(n)")) }
        recorder.flush()
        try FileManager.default.removeItem(atPath: path)
        for _ in 1...500 { store.send(.tick) }
        recorder.flush()
        #expect(store.state.ticks == 500)
        #expect(failures.all == ["udf recorder stopped: '\(path)' was deleted or replaced while recording"])
        #expect(throws: RecorderFailure.self) { try recorder.close() }
        #expect(failures.all.count == 1)
        // Nothing is recreated behind the user's back.
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// Root ignores permission bits, so "read-only" is made with the immutable
    /// attribute, where the file system and the container allow it.
    @Test(.enabled(if: Immutability.isAvailable))
    func aFileMadeImmutableWhileRecordingKeepsItsCommittedStepsAndIsReportedOnce() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("immutable.udf")
        let failures = FailureLog()
        let recorder = try Recorder(path: path, app: "Notebook") { failures.append($0.description) }
        let store = Store(initialState: NotebookState(), reducer: NotebookAction.reducer, middleware: [recorder.middleware()])
        for n in 1...20 { store.send(.write("before \(n)")) }
        recorder.flush()
        try Immutability.set(true, path)
        defer { try? Immutability.set(false, path) }
        for n in 1...3_000 { store.send(.write("after \(n)")) }
        recorder.flush()
        #expect(store.state.notes.count == 3_020)
        #expect(throws: RecorderFailure.self) { try recorder.close() }
        #expect(failures.all.count == 1)
        #expect(failures.all.first?.hasPrefix("udf recorder stopped: cannot write '\(path)'") == true, "\(failures.all)")

        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.stepCount >= 21)
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.steps == session.stepCount)
    }

    @Test func twoHostsRecordingOneFileAtOnceGiveTwoSessions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.udf")
        let hosts = try (1...2).map { seed in
            try Subprocess(Executables.todoExample, ["workload", path, "--actions", "400", "--seed", "\(seed)"])
        }
        let outcomes = hosts.map { $0.wait(seconds: 180) }
        for outcome in outcomes {
            #expect(outcome.exited && outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr == "")
        }
        let recording = try Recording(path: path)
        let sessions = try recording.sessions()
        #expect(sessions.map(\.status) == [.closed, .closed])
        #expect(sessions.map(\.stepCount) == [401, 401])
        #expect(Set(sessions.map(\.pid)) == Set(hosts.map { Int($0.process.processIdentifier) }))
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.steps == 802)
    }
}

/// The immutable attribute (`chattr +i`), which even root cannot write through.
enum Immutability {
    static let isAvailable: Bool = {
        guard let directory = try? TemporaryDirectory() else { return false }
        let probe = directory.path("probe")
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
        defer { try? set(false, probe) }
        return (try? set(true, probe)) != nil
    }()

    static func set(_ immutable: Bool, _ path: String) throws {
        let outcome = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["chattr", immutable ? "+i" : "-i", path])
        guard outcome.status == 0 else { throw CocoaError(.fileWriteNoPermission) }
    }
}
