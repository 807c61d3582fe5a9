import CSQLite

/// A connection to a SQLite database file.
///
/// SQLite's threading documentation (https://sqlite.org/threadsafe.html) says a
/// connection opened with `SQLITE_OPEN_NOMUTEX` may be used by one thread at a
/// time. So a `Database` is not `Sendable`: each connection lives on one serial
/// executor (the recorder's writer thread, or the inspector's main thread), and
/// we skip SQLite's per-call mutex.
public final class Database {
    /// How a connection opens its file.
    public enum Mode: Sendable {
        /// Reads only; the file must exist. Untrusted files are opened this way.
        case readOnly
        /// Reads and writes; the file must exist.
        case readWrite
        /// Reads and writes, creating the file when it is missing.
        case create
    }

    let handle: OpaquePointer
    public let path: String
    public let mode: Mode
    private var cache: [String: Statement] = [:]
    private var isClosed = false

    /// Opens `path`. A failed open closes the half-open handle before it throws.
    ///
    /// Every connection is defensive (https://sqlite.org/c3ref/c_dbconfig_defensive.html):
    /// the schema is untrusted and `PRAGMA writable_schema` cannot corrupt the file.
    public init(path: String, mode: Mode) throws(SQLiteError) {
        var connection: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        let uri = Database.fileURI(path)
        let code = sqlite3_open_v2(uri, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        self.handle = connection
        self.path = path
        self.mode = mode
        sqlite3_extended_result_codes(connection, 1)
        _ = udf_sqlite3_db_config_int(connection, SQLITE_DBCONFIG_DEFENSIVE, 1)
        _ = udf_sqlite3_db_config_int(connection, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0)
        _ = udf_sqlite3_db_config_int(connection, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0)
        _ = udf_sqlite3_db_config_int(connection, SQLITE_DBCONFIG_ENABLE_VIEW, 0)
    }

    deinit {
        close()
    }

    /// Finalizes cached statements, then closes the connection.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Waits up to `milliseconds` for a lock held by another connection.
    public func setBusyTimeout(milliseconds: Int) {
        sqlite3_busy_timeout(handle, Int32(milliseconds))
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// A new statement, finalized when released. For one-off queries.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(database: self, sql: sql, persistent: false)
    }

    /// A statement prepared once per connection and kept, keyed by its SQL.
    /// For the hot path: the recorder's insert runs on every action.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = cache[sql] {
            return statement
        }
        let statement = try Statement(database: self, sql: sql, persistent: true)
        cache[sql] = statement
        return statement
    }

    /// The first column of the first row, as an integer.
    public func scalarInt(_ sql: String, _ values: [any SQLiteBindable] = []) throws -> Int? {
        try prepare(sql).firstRow(values) { row in row.optionalInt(0) } ?? nil
    }

    /// The first column of the first row, as text.
    public func scalarText(_ sql: String, _ values: [any SQLiteBindable] = []) throws -> String? {
        try prepare(sql).firstRow(values) { row in row.optionalText(0) } ?? nil
    }

    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    public var changes: Int { Int(sqlite3_changes(handle)) }

    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Percent-escapes a path into a `file:` URI, so that a `?` or `#` in a
    /// file name is not read as a URI parameter.
    static func fileURI(_ path: String) -> String {
        var escaped = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"), 0x80...0xFF:
                escaped += "%" + String(byte, radix: 16, uppercase: true)
            default:
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return escaped
    }
}
