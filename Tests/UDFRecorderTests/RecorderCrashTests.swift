import Foundation
import TestSupport
import Testing
import UDFLog

/// A host killed with SIGKILL mid-run leaves a valid file whose every
/// committed step rebuilds.
@Suite struct RecorderCrashTests {
    @Test func aKilledHostLeavesAValidInterruptedSession() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("killed.udf")
        let host = Process()
        host.executableURL = Executables.url("todo-example")
        host.arguments = ["workload", path, "--actions", "100000000", "--seed", "11", "--report-every", "100"]
        let output = Pipe()
        host.standardOutput = output
        try host.run()

        // Wait until the host says it has sent 3,000 actions, then kill it.
        var seen = ""
        let reader = output.fileHandleForReading
        while !seen.contains("sent 3000\n") {
            let chunk = reader.availableData
            guard !chunk.isEmpty else { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(host.processIdentifier, SIGKILL)
        host.waitUntilExit()
        #expect(host.terminationReason == .uncaughtSignal)

        #expect(try Subprocess.sqlite3(path, "PRAGMA integrity_check").stdout == "ok\n")
        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.status == .interrupted)
        // Everything sent up to the last report, less the documented flush window, was committed.
        #expect(session.stepCount >= 3_000 - RecorderWindow.steps)
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.steps == session.stepCount)
    }
}

/// The documented flush window: a crash loses at most the queue plus one batch.
enum RecorderWindow {
    static let steps = 1_024 + 256
}
