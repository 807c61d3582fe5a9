import CSQLite

extension Database {
    /// A file's journal mode (https://sqlite.org/pragma.html#pragma_journal_mode).
    public enum JournalMode: String, Sendable {
        case delete, truncate, persist, memory, wal, off
    }

    /// How hard a checkpoint tries (https://sqlite.org/c3ref/wal_checkpoint_v2.html).
    public enum CheckpointMode: Sendable {
        /// Copies what it can without waiting for anyone.
        case passive
        /// Waits (through the busy handler) for readers to finish, then copies
        /// every frame and truncates the WAL file to zero bytes.
        case truncate

        var code: Int32 {
            switch self {
            case .passive: SQLITE_CHECKPOINT_PASSIVE
            case .truncate: SQLITE_CHECKPOINT_TRUNCATE
            }
        }
    }

    /// What a checkpoint achieved.
    public struct Checkpoint: Sendable, Equatable {
        /// False when a reader or writer held it up (`SQLITE_BUSY`): some
        /// frames may still be only in the WAL.
        public let isComplete: Bool
        /// Frames in the WAL, or -1 when the file is not in WAL mode.
        public let walFrames: Int
        /// Frames copied into the database file, or -1 when not in WAL mode.
        public let checkpointedFrames: Int
    }

    /// The journal mode of the main database, lower-case.
    public func journalMode() throws(SQLiteError) -> JournalMode {
        try setJournalMode(nil)
    }

    /// Sets the journal mode and returns the mode in effect afterwards.
    ///
    /// Leaving WAL needs the only connection to the file: while another one
    /// is open SQLite refuses at once with `SQLITE_BUSY` ("database is
    /// locked"), without calling the busy handler.
    @discardableResult
    public func setJournalMode(_ mode: JournalMode) throws(SQLiteError) -> JournalMode {
        try setJournalMode(Optional(mode))
    }

    private func setJournalMode(_ mode: JournalMode?) throws(SQLiteError) -> JournalMode {
        let sql = mode.map { "PRAGMA journal_mode = \($0.rawValue)" } ?? "PRAGMA journal_mode"
        let statement = try prepare(sql)
        let text = try statement.step() ? Row(statement: statement).optionalText(0) : nil
        guard let text, let result = JournalMode(rawValue: text.lowercased()) else {
            throw SQLiteError(extendedCode: SQLITE_ERROR, message: "unknown journal mode \(text ?? "null")", sql: sql)
        }
        return result
    }

    /// Sets the journal mode once a `write` has committed, not now.
    ///
    /// Changing the journal mode rewrites the file's header, so a connection
    /// that opens a file to write and then fails before writing anything
    /// (a refused argument, a newer format) leaves it byte for byte as it
    /// was. While another connection holds the change up, it is tried again
    /// after each later commit.
    public func setJournalModeAfterNextCommit(_ mode: JournalMode) {
        journalModeAfterCommit = mode
    }

    func applyJournalModeAfterCommit() {
        guard let mode = journalModeAfterCommit else { return }
        if (try? setJournalMode(mode)) == mode {
            journalModeAfterCommit = nil
        }
    }

    /// Copies the WAL's frames into the database file.
    ///
    /// - Throws: `SQLiteError` for anything but `SQLITE_BUSY`, which is
    ///   reported as an incomplete checkpoint instead.
    @discardableResult
    public func checkpoint(_ mode: CheckpointMode) throws(SQLiteError) -> Checkpoint {
        try checkOpen("PRAGMA wal_checkpoint")
        var walFrames: Int32 = 0
        var checkpointed: Int32 = 0
        let code = sqlite3_wal_checkpoint_v2(handle, nil, mode.code, &walFrames, &checkpointed)
        guard code == SQLITE_OK || code == SQLITE_BUSY else {
            throw SQLiteError(code: code, connection: handle, sql: "PRAGMA wal_checkpoint")
        }
        return Checkpoint(isComplete: code == SQLITE_OK, walFrames: Int(walFrames), checkpointedFrames: Int(checkpointed))
    }
}
