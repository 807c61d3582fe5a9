import Foundation
import UDFSQLite

/// A recording's journal mode over its life: WAL while a writer has it open,
/// a rollback journal (`DELETE`) once its last writer has closed it.
///
/// WAL lets readers follow a live recording without blocking the writer
/// (https://sqlite.org/wal.html). But a WAL-mode file can only be read where
/// the reader may create, or already finds, the `-wal` and `-shm` files beside
/// it, and a read-only reader leaves them behind. A closed recording in
/// rollback mode is one self-contained file that anyone who can read it can
/// open, from any directory, leaving nothing behind. The contract is in
/// docs/format.md.
enum RecordingJournal {
    /// Folds the WAL into the file and switches it back to a rollback
    /// journal, when this writer is the file's last connection. Returns
    /// whether the file left WAL.
    ///
    /// Best effort: while another connection holds the file (a second host,
    /// a `log --follow` reader) it stays in WAL, which is a valid state, and
    /// the next writer to close alone switches it. It never waits: a host's
    /// `close()` must not hang on a reader.
    ///
    /// - Throws: `SQLiteError` when the checkpoint fails for another reason
    ///   than a busy reader or writer, for example a file that refuses writes.
    @discardableResult
    static func finishWriting(_ database: Database) throws(SQLiteError) -> Bool {
        database.setBusyTimeout(milliseconds: 0)
        let checkpoint = try database.checkpoint(.truncate)
        guard checkpoint.isComplete else { return false }
        // Every committed step is in the main file now, so a failed switch
        // (SQLITE_BUSY while another connection is open) loses nothing.
        return (try? database.setJournalMode(.delete)) == .delete
    }

    /// How a reader opens the file whose 100-byte SQLite header is `header`.
    ///
    /// A file in rollback mode, and a WAL-mode file with a WAL, open
    /// read-only as usual. A WAL-mode file with no `-wal` beside it (or an
    /// empty one and no `-shm`) holds every committed step in the main file;
    /// when the reader cannot write the directory, SQLite cannot open it
    /// read-only (https://sqlite.org/walformat.html), and when the reader
    /// cannot write the file, it would leave `-wal` and `-shm` files it owns
    /// beside someone else's recording. So it is opened immutable. No writer
    /// has the file open then: a writer keeps a `-wal` beside it while open.
    ///
    /// - Throws: `RecordingError.cannotOpen` for a non-empty `-wal` without
    ///   its `-shm` in a directory the reader cannot write: SQLite cannot
    ///   read that WAL, and skipping it would hide committed steps.
    static func readingMode(_ path: String, header: [UInt8]) throws(RecordingError) -> Database.Mode {
        // Offsets 18 and 19, the write and read versions: 2 means WAL
        // (https://sqlite.org/fileformat2.html#file_format_version_numbers).
        guard header.count > 19, header[18] == 2 || header[19] == 2 else { return .readOnly }
        let file = RecordingFile.target(of: path)
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let canWriteDirectory = access(directory, W_OK) == 0
        let canWriteFile = access(file, W_OK) == 0
        let walBytes = RecordingFile.fileSize(file + "-wal")
        let hasIndex = FileManager.default.fileExists(atPath: file + "-shm")
        let walIsEmpty = walBytes == nil || (walBytes == 0 && !hasIndex)
        if walIsEmpty, !canWriteDirectory || !canWriteFile {
            return .immutable
        }
        if !canWriteDirectory, !hasIndex, let walBytes, walBytes > 0 {
            throw RecordingError.cannotOpen(
                path: path,
                reason: "its -wal file holds steps not yet in the file, and reading them needs a -shm file this directory does not allow; copy both to a directory you can write"
            )
        }
        return .readOnly
    }
}
