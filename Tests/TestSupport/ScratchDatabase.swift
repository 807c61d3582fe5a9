import UDFSQLite

/// A SQLite database made for one test, with its schema, in a directory of
/// its own that goes with it.
public struct ScratchDatabase {
    public let directory: TemporaryDirectory
    public let database: Database

    public init(named name: String, schema: String) throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path(name), mode: .create)
        try database.execute(schema)
    }
}
