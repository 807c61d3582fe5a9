import Foundation
import TestSupport
import Testing
import UDFSQLite

/// `write { }` and `read { }`: one transaction each, and nothing kept of a
/// write that throws.
@Suite struct DatabaseTransactionTests {
    struct Abort: Error, Equatable {}

    let scratch: ScratchDatabase
    var database: Database { scratch.database }

    init() throws {
        scratch = try ScratchDatabase(named: "transactions.db", schema: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    }

    func texts(_ db: Database? = nil) throws -> [String] {
        try (db ?? database).prepare("SELECT text FROM notes ORDER BY id").rows { $0.text(0) }
    }

    @Test func aWriteCommitsWhatItsBodyDidAndReturnsItsValue() throws {
        let id = try database.write { db -> Int64 in
            try db.prepare("INSERT INTO notes (text) VALUES (?)").execute(["kept"])
            return db.lastInsertedRowID
        }
        #expect(id == 1)
        #expect(!database.isInTransaction)
        let other = try Database(path: database.path, mode: .readOnly)
        #expect(try texts(other) == ["kept"])
    }

    @Test func aWriteThatThrowsLeavesNothingAndRethrowsTheSameError() throws {
        let error = try #require(throws: Abort.self) {
            try database.write { db in
                try db.prepare("INSERT INTO notes (text) VALUES (?)").execute(["first"])
                try db.prepare("INSERT INTO notes (text) VALUES (?)").execute(["second"])
                #expect(db.isInTransaction)
                throw Abort()
            }
        }
        #expect(error == Abort())
        #expect(!database.isInTransaction)
        #expect(try texts() == [])
    }

    @Test func aStatementThatFailsHalfwayRollsBackTheRowsBeforeIt() throws {
        #expect(throws: SQLiteError.self) {
            try database.write { db in
                try db.prepare("INSERT INTO notes (text) VALUES (?)").execute(["before"])
                try db.prepare("INSERT INTO notes (text) VALUES (?)").execute([SQLiteValue.null])
            }
        }
        #expect(try texts() == [])
    }

    /// A deferred foreign key is checked at COMMIT, so the failure comes from
    /// COMMIT itself: the transaction must still be rolled back.
    @Test func aCommitThatFailsRollsBack() throws {
        try database.execute("""
            CREATE TABLE tags (note_id INTEGER REFERENCES notes(id) DEFERRABLE INITIALLY DEFERRED);
            PRAGMA foreign_keys = ON
            """)
        let error = try #require(throws: SQLiteError.self) {
            try database.write { db in
                try db.prepare("INSERT INTO notes (text) VALUES (?)").execute(["orphaned"])
                try db.prepare("INSERT INTO tags (note_id) VALUES (?)").execute([99])
            }
        }
        #expect(error.description == "SQLite error 19: FOREIGN KEY constraint failed - while executing `COMMIT`")
        #expect(error.extendedCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(!database.isInTransaction)
        #expect(try texts() == [])
    }

    /// `write` does not nest: the inner `BEGIN` fails, and that failure rolls
    /// back the outer transaction too, so nothing half-done is kept.
    @Test func aNestedWriteFailsAndRollsBackTheOuterOne() throws {
        let error = try #require(throws: SQLiteError.self) {
            try database.write { db in
                try db.prepare("INSERT INTO notes (text) VALUES (?)").execute(["outer"])
                try db.write { inner in
                    try inner.prepare("INSERT INTO notes (text) VALUES (?)").execute(["inner"])
                }
            }
        }
        #expect(error.description == "SQLite error 1: cannot start a transaction within a transaction - while executing `BEGIN IMMEDIATE`")
        #expect(!database.isInTransaction)
        #expect(try texts() == [])
    }

    @Test func aReadInsideAWriteJoinsItAndSeesItsRows() throws {
        let seen = try database.write { db in
            try db.prepare("INSERT INTO notes (text) VALUES (?)").execute(["pending"])
            return try db.read { try texts($0) }
        }
        #expect(seen == ["pending"])
        #expect(try texts() == ["pending"])
    }

    /// In WAL mode a read transaction is a snapshot: a commit by another
    /// connection in the middle of it is not seen until the next one.
    @Test func aReadSeesOneSnapshotWhileAnotherConnectionCommits() throws {
        try database.setJournalMode(.wal)
        try database.prepare("INSERT INTO notes (text) VALUES (?)").execute(["one"])
        let writer = try Database(path: database.path, mode: .readWrite)
        let (before, after) = try database.read { db in
            let before = try texts(db)
            try writer.write { try $0.prepare("INSERT INTO notes (text) VALUES (?)").execute(["two"]) }
            return (before, try texts(db))
        }
        #expect(before == ["one"])
        #expect(after == ["one"])
        #expect(!database.isInTransaction)
        #expect(try database.read { try texts($0) } == ["one", "two"])
    }

    @Test func aWriteThatCannotTakeTheLockOpensNoTransaction() throws {
        let other = try Database(path: database.path, mode: .readWrite)
        try other.execute("BEGIN IMMEDIATE")
        database.setBusyTimeout(milliseconds: 0)
        let error = try #require(throws: SQLiteError.self) {
            try database.write { db in try db.execute("INSERT INTO notes (text) VALUES ('never')") }
        }
        #expect(error.isBusy)
        #expect(!database.isInTransaction)
        try other.execute("ROLLBACK")
        #expect(try texts() == [])
    }
}
