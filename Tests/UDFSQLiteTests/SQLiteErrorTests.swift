import Foundation
import TestSupport
import Testing
import UDFSQLite

/// The one error type: its codes and its one-line text, on real files.
@Suite struct SQLiteErrorTests {
    let scratch: ScratchDatabase
    var database: Database { scratch.database }
    var directory: TemporaryDirectory { scratch.directory }

    init() throws {
        scratch = try ScratchDatabase(named: "errors.db", schema: """
            CREATE TABLE steps (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, note TEXT,
                                name TEXT UNIQUE, size INTEGER CHECK (size >= 0))
            """)
    }

    @Test func aNotNullFailureNamesTheColumnAndTheStatementButNoBoundValue() throws {
        let insert = try database.prepare("INSERT INTO steps (hash, note) VALUES (?, ?)")
        let values: [any SQLiteBindable] = [SQLiteValue.null, "secret-token-4711"]
        let error = try #require(throws: SQLiteError.self) { try insert.execute(values) }
        #expect(error.description == """
            SQLite error 19: NOT NULL constraint failed: steps.hash - while executing `INSERT INTO steps (hash, note) VALUES (?, ?)`
            """)
        #expect(error.code == 19)
        #expect(error.extendedCode == 1299)  // SQLITE_CONSTRAINT_NOTNULL
        // Not in the text, nor anywhere a dump of the value would show.
        #expect(!String(reflecting: error).contains("secret"))
        #expect(!Mirror(reflecting: error).children.contains { "\($0.value)".contains("secret") })
    }

    @Test func eachConstraintKeepsItsExtendedCodeUnderThePrimaryOne() throws {
        try database.prepare("INSERT INTO steps (hash, name) VALUES ('h', 'taken')").execute()
        let unique = try #require(throws: SQLiteError.self) {
            try database.prepare("INSERT INTO steps (hash, name) VALUES (?, ?)").execute(["h", "taken"])
        }
        #expect(unique.description == "SQLite error 19: UNIQUE constraint failed: steps.name - while executing `INSERT INTO steps (hash, name) VALUES (?, ?)`")
        #expect(unique.code == 19)
        #expect(unique.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE

        let check = try #require(throws: SQLiteError.self) {
            try database.execute("INSERT INTO steps (hash, size) VALUES ('h', -1)")
        }
        #expect(check.description == "SQLite error 19: CHECK constraint failed: size >= 0 - while executing `INSERT INTO steps (hash, size) VALUES ('h', -1)`")
        #expect(check.extendedCode == 275)  // SQLITE_CONSTRAINT_CHECK
        #expect(!check.isBusy && !check.isCorrupt && !check.isReadOnly && !check.isDiskFull)
    }

    @Test func aSyntaxErrorIsReportedWhenPrepared() throws {
        let error = try #require(throws: SQLiteError.self) { try database.prepare("SELEC 1") }
        #expect(error.description == #"SQLite error 1: near "SELEC": syntax error - while executing `SELEC 1`"#)
        #expect(error.extendedCode == 1)
    }

    @Test func aWriteThroughAReadOnlyConnectionIsReadOnly() throws {
        let reader = try Database(path: database.path, mode: .readOnly)
        let error = try #require(throws: SQLiteError.self) { try reader.execute("DELETE FROM steps") }
        #expect(error.description == "SQLite error 8: attempt to write a readonly database - while executing `DELETE FROM steps`")
        #expect(error.isReadOnly)
    }

    @Test func aLockHeldByAnotherConnectionIsBusy() throws {
        let other = try Database(path: database.path, mode: .readWrite)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        database.setBusyTimeout(milliseconds: 0)
        let error = try #require(throws: SQLiteError.self) { try database.execute("BEGIN IMMEDIATE") }
        #expect(error.description == "SQLite error 5: database is locked - while executing `BEGIN IMMEDIATE`")
        #expect(error.isBusy)
        #expect(!database.isInTransaction)
    }

    @Test func aFileThatIsNotADatabaseIsCorrupt() throws {
        let path = directory.path("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let reader = try Database(path: path, mode: .readOnly)
        let error = try #require(throws: SQLiteError.self) { try reader.scalarInt("SELECT count(*) FROM sqlite_schema") }
        #expect(error.description == "SQLite error 26: file is not a database - while executing `SELECT count(*) FROM sqlite_schema`")
        #expect(error.isCorrupt)
    }

    @Test func aFailedOpenHasNoStatement() throws {
        let error = try #require(throws: SQLiteError.self) {
            try Database(path: directory.path("missing.db"), mode: .readOnly)
        }
        #expect(error.description == "SQLite error 14: unable to open database file")
        #expect(error.sql == nil)
    }

    @Test func aClosedConnectionRefusesWorkInsteadOfUsingAFreedHandle() throws {
        database.close()
        let error = try #require(throws: SQLiteError.self) { try database.execute("SELECT 1") }
        #expect(error.description == "SQLite error 21: the database connection is closed - while executing `SELECT 1`")
        #expect(throws: SQLiteError.self) { try database.prepare("SELECT 1") }
        #expect(throws: SQLiteError.self) { try database.cachedStatement("SELECT 1") }
        #expect(throws: SQLiteError.self) { try database.checkpoint(.passive) }
        database.close()  // a second close is harmless
    }

    @Test func theDescriptionReadsTheSameWithoutAStatement() {
        let error = SQLiteError(extendedCode: 1555, message: "UNIQUE constraint failed: steps.id")
        #expect(error.description == "SQLite error 19: UNIQUE constraint failed: steps.id")
        #expect(error.code == 19)  // SQLITE_CONSTRAINT_PRIMARYKEY is 19 | 6 << 8
    }
}
