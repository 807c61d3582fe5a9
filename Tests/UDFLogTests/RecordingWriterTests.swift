import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

@Suite struct RecordingWriterTests {
    /// A state with a growing array, so patches and keyframes both occur.
    static func state(_ n: Int) -> JSONValue {
        .object([
            "counter": .number(JSONNumber(n)),
            "label": .string("step \(n)"),
            "notes": .string(String(repeating: "unchanged text ", count: 20)),
            "items": .array((0..<(n / 3)).map { .object(["id": .number(JSONNumber($0)), "n": .number(JSONNumber($0 * 7 % 5))]) }),
        ])
    }

    static func input(_ n: Int, cause: Int? = nil) -> StepInput {
        StepInput(
            step: n,
            time: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
            action: n == 0 ? nil : .object(["increment": .object(["_0": .number(JSONNumber(n))])]),
            actionName: n == 0 ? nil : "increment",
            cause: cause,
            reducerNanoseconds: n == 0 ? nil : 1_000 + n,
            state: state(n)
        )
    }

    @Test func everyStepRebuildsToTheStateThatWasWritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("round.udf")
        let writer = try RecordingWriter(path: path, app: "Tests", options: .init(keyframePolicy: KeyframePolicy(interval: 8)))
        try writer.append((0..<50).map { Self.input($0) })
        try writer.append((50..<120).map { Self.input($0, cause: $0 % 10 == 0 ? $0 - 1 : nil) })
        try writer.close()

        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.app == "Tests")
        #expect(session.status == .closed)
        #expect(session.stepCount == 120)
        let main = try recording.timeline(nil, in: session)
        #expect(main.lastStep == 119)
        for n in [0, 1, 7, 8, 9, 63, 64, 65, 119, 50, 3] {
            #expect(try recording.state(at: n, on: main) == Self.state(n))
        }
        let summary = try recording.step(70, on: main)
        #expect(summary.actionName == "increment")
        #expect(summary.cause == 69)
        #expect(summary.reducerNanoseconds == 1_070)
        #expect(summary.stateHash == Self.state(70).stateTreeHash)
        #expect(summary.time == Date(timeIntervalSince1970: 1_700_000_070))

        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.steps == 120)
    }

    @Test func keyframesAreNeverMoreThanTheIntervalApart() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("keyframes.udf")
        let writer = try RecordingWriter(path: path, app: "Tests", options: .init(keyframePolicy: KeyframePolicy(interval: 8)))
        try writer.append((0..<100).map { Self.input($0) })
        try writer.close()

        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        let keyframes = try recording.steps(on: main).filter(\.isKeyframe).map(\.step)
        #expect(keyframes.first == 0)
        for (a, b) in zip(keyframes, keyframes.dropFirst()) {
            #expect(b - a <= 8)
        }
        #expect(keyframes.count < 30, "most steps should be patches: \(keyframes)")
    }

    @Test func stepQueriesFilterByRangeNameAndEnd() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("query.udf")
        let writer = try RecordingWriter(path: path, app: "Tests")
        try writer.append((0..<30).map { Self.input($0) })
        try writer.close()

        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.steps(on: main, matching: StepQuery(range: 5...9)).map(\.step) == [5, 6, 7, 8, 9])
        #expect(try recording.steps(on: main, matching: StepQuery(limit: 3, fromEnd: true)).map(\.step) == [27, 28, 29])
        #expect(try recording.steps(on: main, matching: StepQuery(actions: ActionFilter(included: [ShellGlob("incr*")]), limit: 2)).map(\.step) == [1, 2])
        #expect(try recording.steps(on: main, matching: StepQuery(actions: ActionFilter(included: [ShellGlob("nothing*")]))).isEmpty)
        #expect(throws: RecordingError.notFound("step 30 does not exist: timeline 'main' has steps 0…29")) {
            try recording.step(30, on: main)
        }
    }

    @Test func aSessionLeftOpenByADeadProcessReadsAsInterruptedAndTheNextWriterMarksIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("dead.udf")
        let writer = try RecordingWriter(path: path, app: "Tests")
        try writer.append([Self.input(0)])
        // Pretend the host was a process that no longer exists.
        try rewrite(path, sql: "UPDATE sessions SET pid = 999999999")
        let recording = try Recording(path: path)
        #expect(try recording.session(nil).status == .interrupted)

        let next = try RecordingWriter(path: path, app: "Tests")
        try next.close()
        let reread = try Recording(path: path)
        let sessions = try reread.sessions()
        #expect(sessions.map(\.status) == [.interrupted, .closed])
    }

    @Test func writingIntoAForeignSQLiteFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("foreign.db")
        try rewrite(path, sql: "CREATE TABLE notes (body TEXT)")
        #expect(throws: RecordingError.invalidFile(path: path, reason: "is a SQLite database but not a udf recording")) {
            try RecordingWriter(path: path, app: "Tests")
        }
    }
}

/// Runs SQL through the sqlite3 shell, the way a user with only the shell would.
func rewrite(_ path: String, sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
}
