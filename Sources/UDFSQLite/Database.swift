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
        /// Reads only, and trusts that nothing changes the file while it is
        /// open: SQLite takes no locks and reads no WAL
        /// (https://sqlite.org/uri.html#uriimmutable). For a file in a place
        /// the reader cannot write, where a WAL-mode file cannot be opened
        /// otherwise. If the file changes anyway, queries may return wrong
        /// results or `SQLITE_CORRUPT`.
        case immutable
    }

    let handle: OpaquePointer
    public let path: String
    public let mode: Mode
    private var cache: [String: Statement] = [:]
    private var isClosed = false
    /// The journal mode `write` sets after its next commit (`Database+WAL`).
    var journalModeAfterCommit: JournalMode?

    /// Opens `path`. A failed open closes the half-open handle before it throws.
    ///
    /// Every connection is defensive (https://sqlite.org/c3ref/c_dbconfig_defensive.html):
    /// the schema is untrusted and `PRAGMA writable_schema` cannot corrupt the file.
    public init(path: String, mode: Mode) throws(SQLiteError) {
        var connection: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        var parameters: [(String, String)] = []
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .immutable:
            flags |= SQLITE_OPEN_READONLY
            parameters = [("immutable", "1")]
        }
        let uri = Database.fileURI(path, parameters: parameters)
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
        try checkOpen(sql)
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
        try checkOpen(sql)
        return try Statement(database: self, sql: sql, persistent: false)
    }

    /// A statement prepared once per connection and kept, keyed by its SQL.
    /// For the hot path: the recorder's insert runs on every action.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        try checkOpen(sql)
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

    /// After `close()` the handle is freed: using it would be undefined
    /// behaviour, so the call fails as SQLite's own misuse error would.
    func checkOpen(_ sql: String) throws(SQLiteError) {
        guard !isClosed else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "the database connection is closed", sql: sql)
        }
    }

    /// A `file:` URI naming `path`, with query `parameters`
    /// (https://sqlite.org/uri.html).
    ///
    /// SQLite decodes `%HH` in the path and ends it at `?` or `#`, so those
    /// three are escaped, as are control bytes; every escape has two digits,
    /// or `%1` would swallow the next character. An absolute path gets an
    /// empty authority (`file:///…`), so that a path starting with `//` is not
    /// read as a host name. For example, `/tmp/a?b#c.udf` becomes
    /// `file:///tmp/a%3Fb%23c.udf`.
    static func fileURI(_ path: String, parameters: [(String, String)] = []) -> String {
        var uri = path.hasPrefix("/") ? "file://" : "file:"
        uri += escaped(path)
        for (offset, (name, value)) in parameters.enumerated() {
            // In the query, `&` and `=` separate parameters too.
            uri += (offset == 0 ? "?" : "&") + escaped(name, also: "&=") + "=" + escaped(value, also: "&=")
        }
        return uri
    }

    private static func escaped(_ text: String, also extra: String = "") -> String {
        let special = Set("%?#".utf8).union(extra.utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if special.contains(byte) || byte < 0x20 || byte == 0x7F {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
