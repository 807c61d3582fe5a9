import Foundation
import TestSupport
import Testing
import UDFSQLite

/// Checkpoints, journal modes and immutable reads: the SQLite behaviour that
/// the recording file's journal contract (docs/format.md) is built on.
@Suite struct DatabaseWALTests {
    let directory: TemporaryDirectory
    let path: String

    init() throws {
        directory = try TemporaryDirectory()
        path = directory.path("wal.db")
    }

    /// Bytes 18 and 19 of the header: 1 for a rollback journal, 2 for WAL.
    func headerVersions() throws -> [UInt8] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return [bytes[18], bytes[19]]
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    func makeWALFile() throws -> Database {
        let database = try Database(path: path, mode: .create)
        #expect(try database.journalMode() == .delete)
        #expect(try database.setJournalMode(.wal) == .wal)
        try database.execute("CREATE TABLE t (v); INSERT INTO t VALUES (1), (2)")
        return database
    }

    @Test func aTruncatingCheckpointEmptiesTheWAL() throws {
        let database = try makeWALFile()
        let result = try database.checkpoint(.truncate)
        #expect(result.isComplete)
        #expect(result.walFrames == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int == 0)
        #expect(try headerVersions() == [2, 2])
    }

    @Test func aCheckpointOutsideWALReportsNoFrames() throws {
        let database = try Database(path: path, mode: .create)
        try database.execute("CREATE TABLE t (v)")
        let result = try database.checkpoint(.truncate)
        #expect(result.isComplete)
        #expect(result.walFrames == -1)
        #expect(result.checkpointedFrames == -1)
    }

    @Test func theOnlyConnectionLeavesWALAndTheSideFilesGo() throws {
        let database = try makeWALFile()
        #expect(try files() == ["wal.db", "wal.db-shm", "wal.db-wal"])
        #expect(try database.setJournalMode(.delete) == .delete)
        #expect(try files() == ["wal.db"])
        #expect(try headerVersions() == [1, 1])
        #expect(try database.scalarInt("SELECT count(*) FROM t") == 2)
    }

    /// Leaving WAL needs every other connection gone, and SQLite refuses at
    /// once: the busy handler is not called, so a closing writer never waits.
    @Test func leavingWALWhileAnotherConnectionIsOpenFailsAtOnce() throws {
        let database = try makeWALFile()
        let reader = try Database(path: path, mode: .readOnly)
        #expect(try reader.scalarInt("SELECT count(*) FROM t") == 2)
        database.setBusyTimeout(milliseconds: 5_000)
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: SQLiteError.self) { try database.setJournalMode(.delete) }
        #expect(clock.now - start < .seconds(1))
        #expect(error.description == "SQLite error 5: database is locked - while executing `PRAGMA journal_mode = delete`")
        #expect(try database.journalMode() == .wal)
        reader.close()
        #expect(try database.setJournalMode(.delete) == .delete)
    }

    /// A reader in the middle of a transaction holds a truncating checkpoint
    /// up; with no busy timeout it gives up at once instead of waiting.
    @Test func aReaderMidTransactionLeavesTheCheckpointIncomplete() throws {
        let database = try makeWALFile()
        let reader = try Database(path: path, mode: .readOnly)
        try reader.execute("BEGIN")
        #expect(try reader.scalarInt("SELECT count(*) FROM t") == 2)
        try database.execute("INSERT INTO t VALUES (3)")
        database.setBusyTimeout(milliseconds: 0)
        let result = try database.checkpoint(.truncate)
        #expect(!result.isComplete)
        #expect(result.walFrames > 0)
        try reader.execute("COMMIT")
        #expect(try database.checkpoint(.truncate).isComplete)
    }

    /// What a read-only reader does to a WAL-mode file with no `-wal`: it
    /// creates the side files and cannot remove them. An immutable reader
    /// reads the main file alone and creates nothing.
    @Test func aReadOnlyReaderLeavesSideFilesAndAnImmutableOneDoesNot() throws {
        let writer = try makeWALFile()
        try writer.checkpoint(.truncate)
        writer.close()
        #expect(try files() == ["wal.db"])
        #expect(try headerVersions() == [2, 2])

        let immutable = try Database(path: path, mode: .immutable)
        #expect(try immutable.scalarInt("SELECT count(*) FROM t") == 2)
        immutable.close()
        #expect(try files() == ["wal.db"])

        let reader = try Database(path: path, mode: .readOnly)
        #expect(try reader.scalarInt("SELECT count(*) FROM t") == 2)
        reader.close()
        #expect(try files() == ["wal.db", "wal.db-shm", "wal.db-wal"])
    }

    /// Opening a file to write must not change it: the journal mode waits
    /// for a write that commits.
    @Test func aJournalModeSetAfterTheNextCommitWaitsForOne() throws {
        struct Refused: Error {}
        let database = try Database(path: path, mode: .create)
        try database.execute("CREATE TABLE t (v)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        database.setJournalModeAfterNextCommit(.wal)
        #expect(throws: Refused.self) {
            try database.write { db in
                try db.execute("INSERT INTO t VALUES (1)")
                throw Refused()
            }
        }
        #expect(try database.journalMode() == .delete)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try files() == ["wal.db"])

        try database.write { try $0.execute("INSERT INTO t VALUES (2)") }
        #expect(try database.journalMode() == .wal)
        #expect(try headerVersions() == [2, 2])
        // Applied once: a later mode set by hand stays.
        try database.setJournalMode(.delete)
        try database.write { try $0.execute("INSERT INTO t VALUES (3)") }
        #expect(try database.journalMode() == .delete)
    }

    @Test func anImmutableConnectionCannotWrite() throws {
        try makeWALFile().close()
        let database = try Database(path: path, mode: .immutable)
        let error = try #require(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (3)") }
        #expect(error.isReadOnly)
    }
}
