import TestSupport
import Testing
import UDFSQLite

/// Library settings hold only when made before SQLite's first use, and
/// say so when they come too late.
@Suite struct SQLiteLibraryTests {
    @Test func countingMemoryGoesOnOnceSQLiteIsInUse() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("used.db"), mode: .create)
        defer { database.close() }
        try database.execute("CREATE TABLE t (x)")
        #expect(!SQLiteLibrary.stopCountingMemory())
    }
}
