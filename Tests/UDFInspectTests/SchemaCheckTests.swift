import Foundation
import TestSupport
import Testing
import TodoExample
@testable import UDFLog
import UDFSQLite

/// `verify` compares the file's schema with its format version's. A byte
/// changed in the schema's text passes SQLite's integrity check, and a
/// read-only connection never resolves the CHECK constraint it breaks, so
/// before this check `verify` called such a file sound while a writer
/// refused it as damaged.
@Suite struct SchemaCheckTests {
    /// Every fixture (versions 1, 3, 5 and 6) and a recording made now
    /// (version 7) has its version's schema.
    @Test(arguments: ["todo-demo-v1.udf", "todo-demo-v3.udf", "todo-workload-v5.udf", "todo-workload-v6.udf", "todo-demo.udf", "todo-workload.udf", "now"])
    func everyRecordingHasItsVersionsSchema(_ name: String) async throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: name == "now" ? try await Self.demo(in: directory) : Fixtures.path(name))
        #expect(try recording.query { db in try SchemaCheck.problems(in: db, version: recording.formatVersion) } == [])
        #expect(name != "now" || recording.formatVersion == RecordingFormat.version)
    }

    /// A byte of a CHECK constraint: the whole report, and `udf-inspect`'s
    /// output and exit code.
    @Test func aChangedConstraintIsReported() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.demo(in: directory)
        try Self.replace("(keyframe IS NULL) != (patch", with: "(keyframZ IS NULL) != (patch", in: path)
        let report = try Recording(path: path).verify()
        #expect(report.integrityOK)
        #expect(report.problems == [
            "schema: the table 'steps' is not format 7's: 'NULL, CHECK ((keyframZ IS NULL) != (patch' where format 7 has 'NULL, CHECK ((keyframe IS NULL) != (patch'",
        ])
        let result = await InspectorHarness.run(["verify", path])
        #expect(result.status == 65)
        #expect(result.stdout == """
            FAILED: 1 session, 1 timeline, 14 steps, 5 keyframes; 1 problem
              schema: the table 'steps' is not format 7's: 'NULL, CHECK ((keyframZ IS NULL) != (patch' where format 7 has 'NULL, CHECK ((keyframe IS NULL) != (patch'

            """)
        #expect(result.stderr == "")
    }

    /// `TEXZ` gives the column numeric affinity: stored there, the text
    /// `"12"` would become the number 12. `verify` reports it, and a writer
    /// refuses the file before it writes anything.
    @Test func aChangedColumnTypeIsReportedAndAWriterLeavesTheFileAsItWas() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.demo(in: directory)
        try Self.replace("action TEXT,", with: "action TEXZ,", in: path)
        let problem = "the table 'steps' is not format 7's: 'NULL, action TEXZ, action_name TEXT,' where format 7 has 'NULL, action TEXT, action_name TEXT,'"
        #expect(try Recording(path: path).verify().problems == ["schema: \(problem)"])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = await InspectorHarness.run(["branch", path, "--at", "3", "--name", "try"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: '\(path)' is damaged: \(problem)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// An older file is held to its own version's schema, not to today's.
    @Test func anOlderFileIsComparedWithItsOwnVersion() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.path("todo-demo-v1.udf"), as: "v1.udf")
        try Self.replace("CHECK (status IN", with: "CHECK (stZtus IN", in: path)
        #expect(try Recording(path: path).verify().problems == [
            "schema: the table 'sessions' is not format 1's: 'TEXT NOT NULL CHECK (stZtus IN ('recording',' where format 1 has 'TEXT NOT NULL CHECK (status IN ('recording','",
        ])
    }

    /// One blank turned into another means the same to SQLite, and a
    /// user's own index is not the format's to judge; a missing index is.
    @Test func blanksAndAddedObjectsPassAndAMissingIndexDoesNot() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.demo(in: directory)
        try Self.replace("state_size INTEGER NOT NULL", with: "state_size INTEGER NOT\tNULL", in: path)
        let database = try Database(path: path, mode: .readWrite)
        try database.execute("CREATE INDEX my_steps_by_time ON steps (time)")
        #expect(try Recording(path: path).verify().problems == [])
        try database.execute("DROP INDEX steps_by_cause")
        database.close()
        #expect(try Recording(path: path).verify().problems == ["schema: the index 'steps_by_cause' of format 7 is missing"])
    }

    /// The example app's demo, recorded in this build's format.
    private static func demo(in directory: TemporaryDirectory) async throws -> String {
        let path = directory.path("demo.udf")
        try await TodoRecording.recordDemo(to: path)
        return path
    }

    /// Changes the only occurrence of `text` in the file's bytes, keeping
    /// its length, as a damaged disk block would.
    private static func replace(_ text: String, with replacement: String, in path: String) throws {
        let (old, new) = (Array(text.utf8), Array(replacement.utf8))
        try #require(old.count == new.count)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let starts = bytes.indices.dropLast(old.count - 1).filter { bytes[$0..<$0 + old.count].elementsEqual(old) }
        try #require(starts.count == 1, "\(text) occurs \(starts.count) times")
        bytes.replaceSubrange(starts[0]..<starts[0] + old.count, with: new)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
