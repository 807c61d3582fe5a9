import CSQLite

/// A prepared SQLite statement. It finalizes itself when released.
///
/// A statement belongs to the `Database` that prepared it and must only be used
/// on that database's serial executor.
public final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    public let sql: String

    init(database: Database, sql: String, persistent: Bool) throws(SQLiteError) {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(database.handle, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(code: code, connection: database.handle, sql: sql)
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Clears earlier bindings and binds `values` to parameters 1, 2, ….
    public func bind(_ values: [any SQLiteBindable]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value.sqliteValue, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(let text):
            // By its byte count: a C string would end the text at its first NUL.
            var text = text
            code = text.withUTF8 { bytes in
                // A null pointer would bind NULL, not the empty text.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, udf_sqlite3_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                    sqlite3_bind_text64(handle, index, chars, UInt64(bytes.count), udf_sqlite3_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                // 64-bit: a blob past 2 GiB is SQLite's SQLITE_TOOBIG, not a trap here.
                sqlite3_bind_blob64(handle, index, buffer.baseAddress, UInt64(buffer.count), udf_sqlite3_transient())
            }
        }
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, connection: database.handle, sql: sql)
        }
    }

    /// Advances to the next row. Returns false when the statement is done.
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = SQLiteError(code: code, connection: database.handle, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement to completion, ignoring any rows.
    public func execute(_ values: [any SQLiteBindable] = []) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Runs the statement and calls `body` for each row.
    public func forEachRow(_ values: [any SQLiteBindable] = [], _ body: (Row) throws -> Void) throws {
        try readRows(values) { row in
            try body(row)
            return true
        }
    }

    /// Runs the statement and calls `body` with each row until it returns
    /// false; the rows after it are not read.
    public func readRows(_ values: [any SQLiteBindable] = [], while body: (Row) throws -> Bool) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {
            guard try body(Row(statement: self)) else { return }
        }
    }

    /// Runs the statement and maps each row.
    public func rows<T>(_ values: [any SQLiteBindable] = [], _ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        try forEachRow(values) { row in result.append(try transform(row)) }
        return result
    }

    /// The first row, mapped, or nil when there is none.
    public func firstRow<T>(_ values: [any SQLiteBindable] = [], _ transform: (Row) throws -> T) throws -> T? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        guard try step() else { return nil }
        return try transform(Row(statement: self))
    }
}

/// The current row of a statement. Valid only inside the closure it is given to.
public struct Row {
    let statement: Statement

    public var columnCount: Int { Int(sqlite3_column_count(statement.handle)) }

    public func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(statement.handle, Int32(index)) == SQLITE_NULL
    }

    public func isBlob(_ index: Int) -> Bool {
        sqlite3_column_type(statement.handle, Int32(index)) == SQLITE_BLOB
    }

    public func int(_ index: Int) -> Int {
        Int(sqlite3_column_int64(statement.handle, Int32(index)))
    }

    public func optionalInt(_ index: Int) -> Int? {
        isNull(index) ? nil : int(index)
    }

    public func double(_ index: Int) -> Double {
        sqlite3_column_double(statement.handle, Int32(index))
    }

    public func optionalDouble(_ index: Int) -> Double? {
        isNull(index) ? nil : double(index)
    }

    public func text(_ index: Int) -> String {
        optionalText(index) ?? ""
    }

    public func optionalText(_ index: Int) -> String? {
        guard let pointer = sqlite3_column_text(statement.handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(statement.handle, Int32(index)))
        let buffer = UnsafeBufferPointer(start: pointer, count: count)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Whether the column is text with exactly `bytes`, compared where
    /// SQLite holds it: no `String` is made.
    public func textEquals(_ index: Int, _ bytes: [UInt8]) -> Bool {
        guard let pointer = sqlite3_column_text(statement.handle, Int32(index)) else { return false }
        let count = Int(sqlite3_column_bytes(statement.handle, Int32(index)))
        return count == bytes.count && UnsafeBufferPointer(start: pointer, count: count).elementsEqual(bytes)
    }

    /// The column's bytes, text or blob alike, without a String round trip.
    public func bytes(_ index: Int) -> [UInt8]? {
        let type = sqlite3_column_type(statement.handle, Int32(index))
        if type == SQLITE_NULL { return nil }
        let pointer: UnsafeRawPointer?
        if type == SQLITE_BLOB {
            pointer = sqlite3_column_blob(statement.handle, Int32(index))
        } else {
            pointer = sqlite3_column_text(statement.handle, Int32(index)).map { UnsafeRawPointer($0) }
        }
        let count = Int(sqlite3_column_bytes(statement.handle, Int32(index)))
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
