import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// Format v4: each session names the hash its steps store, for life.
@Suite struct StateHashAlgorithmTests {
    /// Recordings written before format v4: the v1 file, the v3 demo
    /// (commit 2a84abd) and the fixtures the example app writes.
    static let olderFixtures = ["todo-demo-v1.udf", "todo-demo-v3.udf", "todo-demo.udf", "todo-workload.udf"]

    @Test(arguments: olderFixtures)
    func anOlderFileVerifiesByTheTextHashAndIsNotModified(_ name: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.path(name), as: name)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let recording = try Recording(path: path)
        #expect(recording.formatVersion < 4)
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.steps > 0)
        for session in try recording.sessions() {
            #expect(try recording.stateHashAlgorithm(ofSession: session.id) == .canonicalText)
            let main = try recording.timeline(nil, in: session)
            let summaries = try recording.steps(on: main)
            for summary in summaries.prefix(20) {
                #expect(summary.stateHash == (try recording.state(at: summary.step, on: main)).stateHash)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aNewSessionStoresTheTreeHashAndTheExactCanonicalSize() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.udf")
        let writer = try RecordingWriter(
            path: path, app: "Tests", options: .init(keyframePolicy: KeyframePolicy(interval: 8), shadowCheck: true)
        )
        try writer.append((0...40).map { RecordingWriterTests.input($0) })
        try writer.close()

        #expect(try Subprocess.sqlite3(path, "SELECT state_hash FROM sessions").stdout == "tree\n")
        let recording = try Recording(path: path)
        #expect(recording.formatVersion == 7)
        let session = try recording.session(nil)
        #expect(try recording.stateHashAlgorithm(ofSession: session.id) == .tree)
        let main = try recording.timeline(nil, in: session)
        let summaries = try recording.steps(on: main)
        #expect(summaries.count == 41)
        for summary in summaries {
            let state = RecordingWriterTests.state(summary.step)
            #expect(summary.stateHash == state.stateTreeHash, "step \(summary.step)")
            #expect(summary.stateSize == state.canonicalBytes.count, "step \(summary.step)")
        }
        // Patched steps store no text, keyframes their canonical text.
        let keyframes = try Subprocess.sqlite3(path, "SELECT count(*) FROM steps WHERE keyframe IS NOT NULL").stdout
        #expect(keyframes == "\(summaries.filter(\.isKeyframe).count)\n")
        #expect(try recording.verify().isOK)
    }

    @Test func anOlderSessionKeepsTheTextHashForABranchAddedAfterTheMigration() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.path("todo-demo-v3.udf"), as: "v3.udf")
        let old = try Recording(path: path)
        let oldSession = try old.session(nil)
        let base = try old.state(at: 5, on: try old.timeline(nil, in: oldSession))

        let branch = try RecordingWriter(path: path, session: oldSession.id, timeline: "main", at: 5, into: "fix", shadowCheck: true)
        try branch.append((6...9).map { step in
            var state = base.objectValue ?? [:]
            state["branchStep"] = .number(JSONNumber(step))
            return StepInput(step: step, time: Date(timeIntervalSince1970: 1_800_000_000 + Double(step)), action: ["edit": [:]],
                             actionName: "edit", cause: nil, reducerNanoseconds: nil, state: .object(state))
        })
        try branch.close()
        let fresh = try RecordingWriter(path: path, app: "Tests")
        try fresh.append([RecordingWriterTests.input(0), RecordingWriterTests.input(1)])
        try fresh.close()

        #expect(try Subprocess.sqlite3(path, "SELECT ifnull(state_hash, 'null') FROM sessions ORDER BY id").stdout == "null\ntree\n")
        let recording = try Recording(path: path)
        #expect(recording.formatVersion == 7)
        let sessions = try recording.sessions()
        #expect(try sessions.map { try recording.stateHashAlgorithm(ofSession: $0.id) } == [.canonicalText, .tree])
        let fix = try recording.timeline("fix", in: sessions[0])
        for summary in try recording.steps(on: fix, matching: StepQuery(range: 6...9)) {
            #expect(summary.stateHash == (try recording.state(at: summary.step, on: fix)).stateHash, "step \(summary.step)")
        }
        let newMain = try recording.timeline(nil, in: sessions[1])
        #expect(try recording.steps(on: newMain).map(\.stateHash) == [0, 1].map { RecordingWriterTests.state($0).stateTreeHash })
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        #expect(report.sessions == 2)
    }

    @Test func aSessionNamingAnUnknownHashOrAWrongHashIsAProblemOfTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bad.udf")
        let writer = try RecordingWriter(path: path, app: "Tests")
        try writer.append((0...3).map { RecordingWriterTests.input($0) })
        try writer.close()

        _ = try Subprocess.sqlite3(path, "UPDATE steps SET state_hash = '0123456789abcdef' WHERE step = 2")
        let wrong = try Recording(path: path).verify()
        #expect(wrong.problems.count == 1)
        #expect(wrong.problems.first?.contains("step 2") == true)
        #expect(wrong.problems.first?.contains("differs from the stored 0123456789abcdef") == true)

        _ = try Subprocess.sqlite3(path, "UPDATE sessions SET state_hash = 'sha3'")
        let unknown = try Recording(path: path).verify()
        #expect(!unknown.isOK)
        #expect(unknown.problems.first?.hasSuffix("uses the state hash 'sha3', which this build does not know") == true)
    }
}
