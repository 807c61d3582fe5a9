import Foundation
import TestSupport
import Testing
import UDFLog

/// A session that ended before its first step: every command says the
/// timeline has no steps, never `steps 0…-1`, and nothing traps.
@Suite struct EmptyTimelineTests {
    /// A recording whose only session was opened and closed with no step.
    private func emptyRecording(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("empty.udf")
        try RecordingWriter(path: path, app: "empty").close()
        return path
    }

    @Test(arguments: [
        ["show", "0"],
        ["diff", "0"],
        ["diff", "3"],
        ["blame", ".count"],
        ["find", "--where", ".count > 1"],
        ["why", "0"],
        ["export", "--format", "json", "-o", "out.json"],
        ["branch", "--at", "0", "--name", "fix"],
    ])
    func aStepOfItIsRefusedInOneLine(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        let path = try emptyRecording(in: directory)
        let arguments = [command[0], path] + command.dropFirst().map { $0 == "out.json" ? directory.path($0) : $0 }
        let outcome = try Executables.run("udf-inspect", arguments)
        let step = command == ["diff", "3"] ? 3 : 0
        #expect(outcome.status == 64, "\(command)")
        #expect(outcome.stderr == "Error: step \(step) does not exist: timeline 'main' has no steps\n", "\(command)")
        #expect(outcome.stdout == "", "\(command)")
    }

    @Test func listingsSayItHasNoSteps() throws {
        let directory = try TemporaryDirectory()
        let path = try emptyRecording(in: directory)
        let timelines = try Executables.run("udf-inspect", ["timelines", path])
        #expect(timelines.status == 0)
        #expect(timelines.stdout == "session 1 (empty)\nmain  no steps\n")
        let stats = try Executables.run("udf-inspect", ["stats", path])
        #expect(stats.status == 0)
        #expect(stats.stdout.hasPrefix("session 1 · empty · main · no steps · closed · started "))
        let log = try Executables.run("udf-inspect", ["log", path])
        #expect(log.status == 1)
        #expect(log.stderr == "No steps match.\n")
        let step = try Executables.run("udf-inspect", ["step", path], input: "quit\n")
        #expect(step.status == 1)
        #expect(step.stderr == "Error: timeline 'main' of session 1 has no steps and never will: the session was closed before its first\n")
    }
}
