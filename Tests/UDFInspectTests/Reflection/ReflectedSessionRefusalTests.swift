import Foundation
import TestSupport
import Testing
import UDF
import UDFJSON
import UDFLog
import UDFRecorder

/// A session recorded by reflection is marked in the file, and everything
/// that must decode it into the host's types refuses it in one line.
@Suite struct ReflectedSessionRefusalTests {
    private static let time = Date(timeIntervalSince1970: 1_700_000_000)

    /// A file with one session: a non-Codable inbox, or a Codable counter
    /// driven by `action`.
    private func record<Action>(_ name: String, in directory: TemporaryDirectory, reflectedState: Bool, action: Action) throws -> String {
        let path = directory.path("\(name).udf")
        let recorder = try Recorder(path: path, app: "Reflection", options: RecorderOptions(shadowCheck: true))
        if reflectedState {
            recorder.start(state: InboxState(title: "Inbox", unread: 3, alert: nil), time: Self.time)
            recorder.record(action: action, state: InboxState(title: "Inbox", unread: 0, alert: nil), time: Self.time)
        } else {
            recorder.start(state: TallyState(count: 0), time: Self.time)
            recorder.record(action: action, state: TallyState(count: 1), time: Self.time)
        }
        try recorder.close()
        return path
    }

    private func storedMark(_ path: String) throws -> String {
        try Subprocess.sqlite3(path, "SELECT coalesce(reflected, 'null') FROM sessions").stdout
    }

    /// `reflected` of the only session, as `sessions --json` lists it.
    private func listedReflection(_ path: String) throws -> JSONValue? {
        let output = try Executables.run("udf-inspect", ["sessions", path, "--json"]).stdout
        return try JSONParser().parse(Array(output.utf8))["sessions"]?.arrayValue?.first?["reflected"]
    }

    @Test func theFileSaysWhichValuesWereReflected() throws {
        let directory = try TemporaryDirectory()
        let both = try record("both", in: directory, reflectedState: true, action: InboxAction.confirmDeletion(count: 3))
        let actions = try record("actions", in: directory, reflectedState: false, action: InboxAction.confirmDeletion(count: 1))
        let none = try record("none", in: directory, reflectedState: false, action: TallyAction.increment)
        #expect(try storedMark(both) == "state,actions\n")
        #expect(try storedMark(actions) == "actions\n")
        #expect(try storedMark(none) == "null\n")
        #expect(try Recording(path: both).session(nil).reflected == [.state, .actions])
        #expect(try Recording(path: none).session(nil).reflected == [])
        // Reading commands are unaffected, and say what was reflected.
        #expect(try Executables.run("udf-inspect", ["verify", both]).status == 0)
        let listed = try Executables.run("udf-inspect", ["sessions", both])
        #expect(listed.stdout.split(separator: "\n").last == """
            Session 1 recorded its state and actions by reflection: it reads, diffs and exports, but cannot be resumed, replayed or turned into a test.
            """)
        #expect(try listedReflection(actions) == ["actions"])
        #expect(try listedReflection(none) == [])
    }

    @Test func replayAndVerifyReplayRefuseAReflectedSession() throws {
        let directory = try TemporaryDirectory()
        let path = try record("inbox", in: directory, reflectedState: true, action: InboxAction.confirmDeletion(count: 3))
        let expected = "Error: session 1 recorded its state and actions by reflection (the types are not Codable); replay needs Codable state and action types\n"
        let replayed = try Executables.run("udf-inspect", ["replay", path, "--skip", "1", "--name", "without-1"])
        #expect(replayed.status == 65)
        #expect(replayed.stderr == expected)
        #expect(replayed.stdout == "")
        let verified = try Executables.run("udf-inspect", ["verify", path, "--replay"])
        #expect(verified.status == 65)
        #expect(verified.stderr == expected)
        #expect(try Subprocess.sqlite3(path, "SELECT count(*) FROM timelines").stdout == "1\n")
    }

    @Test func testgenRefusesAReflectedSessionAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try record("actions", in: directory, reflectedState: false, action: InboxAction.confirmDeletion(count: 1))
        let output = directory.path("InboxTests.swift")
        let generated = try Executables.run("udf-inspect", [
            "testgen", path, "-o", output, "--module", "Inbox", "--state", "TallyState", "--action", "InboxAction", "--reducer", "inboxReducer",
        ])
        #expect(generated.status == 65)
        #expect(generated.stderr == "Error: session 1 recorded its actions by reflection (the type is not Codable); a generated test needs Codable state and action types\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func resumeAndReplayerRefuseAReflectedSession() throws {
        let directory = try TemporaryDirectory()
        let path = try record("actions", in: directory, reflectedState: false, action: InboxAction.confirmDeletion(count: 1))
        // The state is Codable, yet the actions are reflection's JSON: refused before decoding.
        #expect(throws: ReplayError.recordedByReflection(session: 1, parts: .actions)) {
            try Resume<TallyState>(path: path)
        }
        let replayer = Replayer<TallyState, TallyAction>(reducer: Reducer { state, _ in state.count += 1; return .none })
        #expect(throws: ReplayError.recordedByReflection(session: 1, parts: .actions)) {
            try replayer.verify(path: path)
        }
        #expect(
            "\(ReplayError.recordedByReflection(session: 1, parts: .actions))"
                == "session 1 recorded its actions by reflection (the type is not Codable); resuming and replaying need Codable state and action types"
        )
    }
}

struct TallyState: Codable, Sendable, Equatable {
    var count: Int
}

enum TallyAction: Codable, Sendable {
    case increment
}
