import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog
import UDFSQLite
@testable import UDFInspect

/// `step` started beside a host that has not recorded the step to start at
/// yet: it waits while the session records, as `log --follow` does, and
/// refuses only once the session has ended without it.
@Suite struct StepperLiveStartTests {
    static let time = Date(timeIntervalSince1970: 1_764_000_000)

    static func state(_ count: Int) -> JSONValue {
        .object(["count": .number(JSONNumber(count))])
    }

    static func step(_ step: Int) -> StepInput {
        StepInput(
            step: step, time: time.addingTimeInterval(Double(step)),
            action: step == 0 ? nil : .object(["increment": .object([:])]), actionName: step == 0 ? nil : "increment",
            cause: nil, reducerNanoseconds: 1_000, state: state(step)
        )
    }

    static func waitingLine(_ step: Int) -> String {
        "Waiting for the host to record step \(step) of timeline 'main' (session 1); Ctrl-C stops.\n"
    }

    /// The stepper, in line mode, on a live session: it must have said it is
    /// waiting before the test writes the step it waits for.
    private func startWaiting(path: String, at step: Int, input: String) throws -> Subprocess {
        let stepper = try Subprocess(Executables.inspector, ["step", path, "--at", String(step)], input: input)
        #expect(stepper.waitForErrors(seconds: 20) { $0 == Self.waitingLine(step) }, "stderr: \(stepper.stderr)")
        #expect(stepper.process.isRunning)
        return stepper
    }

    /// The stepper's stdout once it ran its input, after the writer closed;
    /// it must have waited for `step` and then succeeded.
    private func finish(_ stepper: Subprocess, writer: RecordingWriter, waitedFor step: Int) throws -> String {
        let outcome = stepper.wait(seconds: 20)
        try writer.close()
        #expect(outcome.status == 0)
        #expect(outcome.stderr == Self.waitingLine(step))
        return outcome.stdout
    }

    /// The line mode's status line for the last step of the live session.
    private func statusLine(step: Int, action: String) -> String {
        let time = TimeFormat.timeOfDay(Self.time.addingTimeInterval(Double(step)))
        return "session 1 · main · step \(step) of \(step) (recording) · \(action) · \(time) · no cause"
    }

    @Test func aSessionWithNoStepsYetIsWaitedFor() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.udf")
        let writer = try RecordingWriter(path: path, app: "live")
        let stepper = try startWaiting(path: path, at: 0, input: "state\nquit\n")
        try writer.append([Self.step(0)])
        let stdout = try finish(stepper, writer: writer, waitedFor: 0)
        let status = statusLine(step: 0, action: "(initial state)")
        #expect(stdout == """
            \(status)
            initial state (no step before 0 to diff with) · (initial state)
            {
              "count": 0
            }

            \(status)
            state · (initial state)
            {
              "count": 0
            }


            """)
    }

    @Test func aStepToStartAtThatIsNotRecordedYetIsWaitedFor() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.udf")
        let writer = try RecordingWriter(path: path, app: "live")
        try writer.append([Self.step(0), Self.step(1)])
        let stepper = try startWaiting(path: path, at: 3, input: "state .count\nquit\n")
        try writer.append([Self.step(2)])
        // Step 2 is not the one it waits for.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(stepper.process.isRunning)
        try writer.append([Self.step(3)])
        let stdout = try finish(stepper, writer: writer, waitedFor: 3)
        let status = statusLine(step: 3, action: "increment")
        #expect(stdout == """
            \(status)
            diff 2 → 3 · increment
              {
            -   "count": 2
            +   "count": 3
              }

            \(status)
            state at .count · increment
            3


            """)
    }

    @Test func aSessionThatEndsWithoutTheStepIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.udf")
        let writer = try RecordingWriter(path: path, app: "live")
        let stepper = try startWaiting(path: path, at: 0, input: "quit\n")
        try writer.close()
        let outcome = stepper.wait(seconds: 20)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == Self.waitingLine(0)
            + "Error: timeline 'main' of session 1 has no steps and never will: the session was closed before its first\n")
        #expect(outcome.stdout == "")
    }

    @Test func aSessionWhoseHostDiesWithoutTheStepIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.udf")
        let writer = try RecordingWriter(path: path, app: "live")
        let stepper = try startWaiting(path: path, at: 0, input: "quit\n")
        // The host's process, as a reader sees it, ends: the pid of a child that has exited.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let database = try Database(path: path, mode: .readWrite)
        try database.prepare("UPDATE sessions SET pid = ?").execute([Int(ended.processIdentifier)])
        database.close()
        let outcome = stepper.wait(seconds: 20)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == Self.waitingLine(0)
            + "Error: timeline 'main' of session 1 has no steps and never will: the session's host stopped before recording its first\n")
        try writer.close()
    }

    @Test func aFinishedRecordingIsNeverWaitedFor() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("done.udf")
        let writer = try RecordingWriter(path: path, app: "done")
        try writer.append([Self.step(0), Self.step(1)])
        try writer.close()
        let outcome = try Executables.run("udf-inspect", ["step", path, "--at", "2"], input: "quit\n")
        #expect(outcome.status == 64)
        #expect(outcome.stderr == "Error: step 2 does not exist: timeline 'main' has steps 0…1\n")
    }
}
