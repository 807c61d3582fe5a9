import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// Format v2's session identity, and format v1 files read as they are.
@Suite struct SessionIdentityTests {
    static let v1Fixture = Fixtures.path("todo-demo-v1.udf")
    /// The derived identity of the v1 fixture's session, pinned: it must
    /// never change, since fleets of files are joined on it.
    static let v1Identity = "4d7f866c-17d7-8422-93c6-2551e5fe384d"

    static func step0(_ state: JSONValue) -> StepInput {
        StepInput(step: 0, time: Date(timeIntervalSince1970: 1_800_000_000), action: nil, actionName: nil,
                  cause: nil, reducerNanoseconds: nil, state: state)
    }

    @Test func aVersion1FileReadsWithADerivedIdentityAndIsNotModified() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Self.v1Fixture, as: "v1.udf")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let recording = try Recording(path: path)
        #expect(recording.formatVersion == 1)
        let session = try recording.session(nil)
        #expect(session.identity == SessionIdentity(uuid: Self.v1Identity, isDerived: true))
        #expect(session.appVersion == nil)
        #expect(session.operatingSystem == nil)
        #expect(try recording.state(at: 13, on: try recording.timeline(nil, in: session))["nextID"] == 5)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func theDerivedIdentityFollowsTheDocumentedRecipe() throws {
        let row = try Subprocess.sqlite3(Self.v1Fixture, """
            SELECT s.app || '|' || s.host || '|' || s.pid || '|' || printf('%!.17g', s.started_at) || '|' || st.state_hash
            FROM sessions s JOIN timelines t ON t.session_id = s.id AND t.name = 'main'
            JOIN steps st ON st.timeline_id = t.id AND st.step = 0
            """)
        let fields = row.stdout.trimmingCharacters(in: .newlines).split(separator: "|").map(String.init)
        #expect(fields.count == 5)
        let derived = SessionIdentity.derived(
            app: fields[0], host: fields[1], pid: try #require(Int(fields[2])),
            startedAt: try #require(Double(fields[3])), initialStateHash: fields[4]
        )
        #expect(derived.uuid == Self.v1Identity)
        // RFC 9562 version 8, variant 10.
        let characters = Array(derived.uuid)
        #expect(characters[14] == "8")
        #expect(["8", "9", "a", "b"].contains(characters[19]))
    }

    @Test func aWriterMigratesAVersion1FileForwardAndKeepsTheOldIdentity() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Self.v1Fixture, as: "v1.udf")
        let writer = try RecordingWriter(path: path, app: "Shop", options: .init(appVersion: "2.4.1"))
        try writer.append([Self.step0(["totalCents": 0])])
        try writer.close()

        let sqlite = try Subprocess.sqlite3(path, "PRAGMA user_version")
        #expect(sqlite.stdout == "7\n")
        let recording = try Recording(path: path)
        #expect(recording.formatVersion == 7)
        let sessions = try recording.sessions()
        #expect(sessions.count == 2)
        #expect(sessions[0].identity == SessionIdentity(uuid: Self.v1Identity, isDerived: true))
        #expect(sessions[1].identity == SessionIdentity(uuid: try #require(writer.sessionUUID), isDerived: false))
        #expect(sessions[1].appVersion == "2.4.1")
        #expect(sessions[1].operatingSystem?.hasPrefix("Linux ") == true)
    }

    @Test func everyNewSessionStoresItsOwnRandomUUID() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.udf")
        var stored: [String] = []
        for _ in 0..<3 {
            let writer = try RecordingWriter(path: path, app: "Shop")
            try writer.append([Self.step0(["totalCents": 0])])
            try writer.close()
            stored.append(try #require(writer.sessionUUID))
        }
        let read = try Recording(path: path).sessions().map(\.identity)
        #expect(read == stored.map { SessionIdentity(uuid: $0, isDerived: false) })
        #expect(Set(stored).count == 3)
        for uuid in stored {
            let characters = Array(uuid)
            #expect(characters.count == 36 && characters[14] == "4", "\(uuid)")
        }
        let column = try Subprocess.sqlite3(path, "SELECT group_concat(uuid, ',') FROM sessions ORDER BY id")
        #expect(column.stdout == stored.joined(separator: ",") + "\n")
    }
}
