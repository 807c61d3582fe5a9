import Foundation
import TestSupport
import Testing
import TodoExample
import UDFLog
import UDFRecorder

/// A host killed with SIGKILL at random moments, over and over, into one file:
/// after every kill the file is intact and loses at most the flush window.
@Suite struct RecorderCrashLoopTests {
    /// The documented flush window (docs/reliability.md): the queue's capacity plus one batch.
    static let flushWindow = RecorderOptions().queueCapacity + RecorderOptions().batchSize

    @Test func thirtyKillsAtSeededMomentsLoseNothingCommitted() throws {
        #expect(Self.flushWindow == 1_280)
        let directory = try TemporaryDirectory()
        let path = directory.path("crashes.udf")
        var random = TestSupport.SplitMix64(seed: 20_261_130)
        let kills = 30
        for round in 1...kills {
            let host = try Subprocess(Executables.todoExample, [
                "workload", path, "--actions", "100000000", "--seed", "\(round)", "--report-every", "10",
            ])
            // The session exists once the host reports; the kill lands 50–300 ms later.
            let started = host.waitForOutput(seconds: 60) { $0.contains("sent ") }
            #expect(started, "round \(round): the host never reported: \(host.stderr)")
            usleep(UInt32(50_000 + random.next() % 250_000))
            kill(host.process.processIdentifier, SIGKILL)
            let outcome = host.wait(seconds: 30)
            #expect(!outcome.exited, "round \(round): the host ended before the kill: \(outcome.stderr)")
            let lastSent = outcome.stdout.split(separator: "\n").compactMap { line in
                line.hasPrefix("sent ") ? Int(line.dropFirst(5)) : nil
            }.last ?? 0

            try checkAfterKill(path: path, round: round, lastSent: lastSent)
        }

        // A clean run into the same file after thirty crashes.
        let final = try Subprocess.run(Executables.todoExample, ["workload", path, "--actions", "25", "--seed", "99"], timeout: 120)
        #expect(final.status == 0 && final.exited, "\(final.stderr)")
        #expect(final.stderr == "")
        let recording = try Recording(path: path)
        let sessions = try recording.sessions()
        #expect(sessions.count == kills + 1)
        #expect(sessions.dropLast().allSatisfy { $0.status == .interrupted })
        #expect(sessions.last?.status == .closed)
        #expect(sessions.last?.stepCount == 26)
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.sessions == kills + 1)
    }

    private func checkAfterKill(path: String, round: Int, lastSent: Int) throws {
        let integrity = try Subprocess.sqlite3(path, "PRAGMA integrity_check")
        #expect(integrity.stdout == "ok\n", "round \(round): \(integrity.stdout)\(integrity.stderr)")

        let recording = try Recording(path: path)
        let sessions = try recording.sessions()
        #expect(sessions.count == round, "round \(round)")
        let session = try #require(sessions.last)
        #expect(session.status == .interrupted, "round \(round)")

        // Steps 0…lastSent were sent before the last report; at most the window may be lost.
        let lost = lastSent + 1 - session.stepCount
        #expect(lost <= Self.flushWindow, "round \(round): sent \(lastSent), committed \(session.stepCount)")

        let report = try recording.verify(session: session)
        #expect(report.isOK, "round \(round): \(report.problems)")
        #expect(report.steps == session.stepCount, "round \(round)")
        if session.stepCount > 0 {
            let main = try recording.timeline(nil, in: session)
            let last = try recording.step(session.stepCount - 1, on: main)
            #expect(last.step == session.stepCount - 1)
            _ = try recording.state(at: session.stepCount - 1, on: main)
        }
    }
}
