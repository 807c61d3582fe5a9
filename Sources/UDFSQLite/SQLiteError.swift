import CSQLite

/// An error reported by SQLite, with the statement that caused it.
///
/// The description never includes bound values, because they may be user
/// data: `SQLite error 19: NOT NULL constraint failed: steps.hash - while
/// executing \`INSERT INTO steps …\``.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code, for example `SQLITE_CONSTRAINT_NOTNULL`.
    public let extendedCode: Int32
    /// The message SQLite gave, or the generic text for the code.
    public let message: String
    /// The SQL being executed, if any.
    public let sql: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code: the low byte of the extended code.
    public var code: Int32 { extendedCode & 0xFF }

    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    public var isDiskFull: Bool { code == SQLITE_FULL }
    public var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    /// A statement names a table or column the file does not have: in a file
    /// whose version promises them, a damaged schema, not a failed read.
    public var isMissingSchema: Bool {
        code == SQLITE_ERROR && (message.hasPrefix("no such table") || message.hasPrefix("no such column"))
    }
    public var isReadOnly: Bool { code == SQLITE_READONLY }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql {
            text += " - while executing `\(sql)`"
        }
        return text
    }

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? code
        let message: String
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
        } else {
            message = String(cString: sqlite3_errstr(code))
        }
        self.init(extendedCode: extended == 0 ? code : extended, message: message, sql: sql)
    }
}
