import Foundation
import TestSupport
import Testing
import UDFSQLite

/// `cachedStatement(_:)`: prepared once per SQL text, reset and unbound
/// between uses, finalized by `close()`.
@Suite struct StatementCacheTests {
    let scratch: ScratchDatabase
    var database: Database { scratch.database }

    init() throws {
        scratch = try ScratchDatabase(named: "cache.db", schema: """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT, tag TEXT);
            INSERT INTO notes (text) VALUES ('a'), ('b'), ('c')
            """)
    }

    @Test func theSameSQLReturnsTheSameStatement() throws {
        let sql = "SELECT text FROM notes WHERE id = ?"
        let first = try database.cachedStatement(sql)
        #expect(try database.cachedStatement(sql) === first)
        #expect(try database.cachedStatement(sql + " ") !== first)
        // `prepare` is for one-off queries: never cached.
        #expect(try database.prepare(sql) !== database.prepare(sql))
    }

    @Test func aStatementLeftMidwayStartsOverOnItsNextUse() throws {
        let select = try database.cachedStatement("SELECT text FROM notes ORDER BY id")
        #expect(try select.firstRow { $0.text(0) } == "a")
        #expect(try database.cachedStatement("SELECT text FROM notes ORDER BY id").rows { $0.text(0) } == ["a", "b", "c"])
        #expect(try select.rows { $0.text(0) } == ["a", "b", "c"])
    }

    @Test func bindingsDoNotCarryOverToTheNextUse() throws {
        let insert = try database.cachedStatement("INSERT INTO notes (text, tag) VALUES (?, ?)")
        try insert.execute(["d", "urgent"])
        try database.cachedStatement("INSERT INTO notes (text, tag) VALUES (?, ?)").execute(["e"])
        let tags = try database.prepare("SELECT text, tag FROM notes WHERE id > 3 ORDER BY id")
            .rows { "\($0.text(0))=\($0.optionalText(1) ?? "null")" }
        #expect(tags == ["d=urgent", "e=null"])
    }

    @Test func aStatementThatFailedWorksOnItsNextUse() throws {
        try database.execute("CREATE UNIQUE INDEX notes_by_text ON notes (text)")
        let insert = try database.cachedStatement("INSERT INTO notes (text) VALUES (?)")
        #expect(throws: SQLiteError.self) { try insert.execute(["a"]) }
        try insert.execute(["z"])
        #expect(try database.scalarInt("SELECT count(*) FROM notes") == 4)
    }

    /// `sqlite3_close_v2` on a connection with unfinalized statements only
    /// makes it a zombie: the file stays open, and in WAL mode its `-wal`
    /// stays beside it. So a `-wal` that disappears at `close()` shows that
    /// the cached statements were finalized.
    @Test func closeFinalizesCachedStatementsSoTheFileReallyCloses() throws {
        try database.setJournalMode(.wal)
        for text in ["x", "y"] {
            try database.cachedStatement("INSERT INTO notes (text) VALUES (?)").execute([text])
            _ = try database.cachedStatement("SELECT count(*) FROM notes").firstRow { $0.int(0) }
        }
        let wal = database.path + "-wal"
        #expect(FileManager.default.fileExists(atPath: wal))
        database.close()
        #expect(!FileManager.default.fileExists(atPath: wal))
        #expect(!FileManager.default.fileExists(atPath: database.path + "-shm"))
    }

    /// The same probe on a statement the caller still holds: the file stays
    /// open until that statement is released.
    @Test func aStatementTheCallerHoldsKeepsTheFileOpenUntilReleased() throws {
        try database.setJournalMode(.wal)
        try database.execute("INSERT INTO notes (text) VALUES ('w')")
        let wal = database.path + "-wal"
        var held: Statement? = try database.prepare("SELECT count(*) FROM notes")
        #expect(held != nil)
        database.close()
        #expect(FileManager.default.fileExists(atPath: wal))
        held = nil
        #expect(!FileManager.default.fileExists(atPath: wal))
    }
}
