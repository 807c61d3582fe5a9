import Foundation
import UDFSQLite

/// Opens recording files, and refuses anything that is not one.
///
/// Checks run before SQLite sees the file, so that a text file or a truncated
/// copy gets a precise message instead of SQLite's generic "file is not a
/// database".
enum RecordingFile {
    /// Opens an existing recording read-only, with defensive settings, for
    /// untrusted files. Never modifies the file, and leaves no file beside a
    /// closed one (`RecordingJournal.readingMode`).
    static func openForReading(_ path: String) throws(RecordingError) -> Database {
        let header = try checkHeader(path)
        let mode = try RecordingJournal.readingMode(path, header: header)
        let database: Database
        do {
            database = try Database(path: path, mode: mode)
        } catch {
            throw RecordingError.cannotOpen(path: path, reason: error.message)
        }
        database.setBusyTimeout(milliseconds: 5_000)
        try checkIdentity(database, path: path)
        try checkPages(database, path: path)
        return database
    }

    /// Opens a recording for appending, creating it when missing, and brings
    /// its schema up to date. Only writers migrate.
    ///
    /// - Parameter followed: whether readers may read the file while it is
    ///   written, which WAL needs. A file no one else can know of yet (a
    ///   copy's hidden partial file) keeps its rollback journal: WAL would
    ///   write every page twice, once to the log and once to the file.
    static func openForWriting(_ path: String, followed: Bool = true) throws(RecordingError) -> Database {
        let exists = FileManager.default.fileExists(atPath: path)
        // An empty file is a new recording; anything else must be one.
        if exists, fileSize(path) != 0 {
            try checkHeader(path)
        }
        do {
            let database = try Database(path: path, mode: .create)
            database.setBusyTimeout(milliseconds: 10_000)
            // One snapshot for both: another host may be creating the file right now.
            let (applicationID, tableCount) = try database.read { db in
                (try db.scalarInt("PRAGMA application_id") ?? 0, try db.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0)
            }
            if applicationID != Int(RecordingFormat.applicationID) {
                guard applicationID == 0, tableCount == 0 else {
                    throw RecordingError.invalidFile(path: path, reason: "is a SQLite database but not a udf recording")
                }
            }
            // Appending to a damaged file would bury the damage under new steps.
            try checkPages(database, path: path)
            // WAL lets readers, such as `udf-inspect log --follow`, read while
            // we write (https://sqlite.org/wal.html); a closed file is back in
            // rollback mode (`RecordingJournal`). The switch waits for the
            // first commit, so a writer that fails before writing anything
            // leaves a closed file as it was. NORMAL sync in WAL mode
            // survives a process crash; a power loss may drop the last commits.
            if followed, try database.journalMode() != .wal {
                database.setJournalModeAfterNextCommit(.wal)
            }
            try database.execute("PRAGMA synchronous = NORMAL")
            try database.execute("PRAGMA foreign_keys = ON")
            if applicationID == 0 {
                try database.execute("PRAGMA application_id = \(RecordingFormat.applicationID)")
            }
            // A new file gets its schema now. An older one is migrated by
            // `RecordingFormat.bringUpToDate` inside the writer's first
            // transaction, so a writer that fails before writing (a branch at
            // a step that does not exist) leaves it byte for byte as it was.
            // A writer trusts the schema to keep what it writes as written.
            // One snapshot for both: another host may be migrating the file.
            let (version, schemaProblem) = try database.read { db in
                let version = try db.scalarInt("PRAGMA user_version") ?? 0
                guard (1...RecordingFormat.version).contains(version) else { return (version, nil as String?) }
                return (version, try SchemaCheck.problems(in: db, version: version).first)
            }
            if version > RecordingFormat.version {
                throw RecordingError.newerVersion(path: path, found: version, supported: RecordingFormat.version)
            }
            if let schemaProblem {
                throw RecordingError.invalidFile(path: path, reason: "is damaged: \(schemaProblem)")
            }
            if version == 0 {
                do {
                    try RecordingFormat.migrator.migrate(database)
                } catch let error as MigrationError {
                    if case .newerVersion(let found, let supported) = error {
                        throw RecordingError.newerVersion(path: path, found: found, supported: supported)
                    }
                }
            }
            return database
        } catch let error as RecordingError {
            throw error
        } catch let error as SQLiteError {
            if error.isCorrupt {
                throw RecordingError.invalidFile(path: path, reason: "is damaged: \(error.message)")
            }
            throw RecordingError.cannotOpen(path: path, reason: error.message)
        } catch {
            throw RecordingError.cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// Refuses a missing, empty, non-SQLite or truncated file by its bytes,
    /// and returns its 100-byte SQLite header.
    /// - Parameter lockWait: How long a file that looks cut short waits for
    ///   a writer's lock before it is judged (tests shorten it).
    @discardableResult
    static func checkHeader(_ path: String, lockWait milliseconds: Int = 10_000) throws(RecordingError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw RecordingError.cannotOpen(path: path, reason: "no such file")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw RecordingError.cannotOpen(path: path, reason: "is a directory")
        default:
            // A pipe would block the read below until something wrote to it.
            throw RecordingError.cannotOpen(path: path, reason: "is not a regular file")
        }
        guard let header = firstBytes(of: path) else {
            throw RecordingError.cannotOpen(path: path, reason: "permission denied")
        }
        guard !header.isEmpty else {
            throw RecordingError.invalidFile(path: path, reason: "is empty, not a udf recording")
        }
        guard header.starts(with: RecordingFormat.sqliteHeader) else {
            throw RecordingError.invalidFile(path: path, reason: "is not a SQLite database, so not a udf recording")
        }
        guard header.count == 100 else {
            throw RecordingError.invalidFile(path: path, reason: "is truncated: its SQLite header is cut short")
        }
        if let short = shortfall(path, header: header), try stillShortWhileLocked(path, waiting: milliseconds) {
            throw RecordingError.invalidFile(
                path: path,
                reason: "is truncated: it has \(short.size) bytes, its header says \(short.expected)"
            )
        }
        return header
    }

    /// The file's first 100 bytes, SQLite's header (fewer in a shorter
    /// file); nil when it cannot be opened.
    static func firstBytes(of path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
    }

    /// The file's size and the size its header gives, when the file is the
    /// shorter and has no WAL beside it; nil otherwise.
    ///
    /// The header's page size (offset 16) times its page count (offset 28)
    /// is the file's size after the last checkpoint; a shorter file was cut.
    /// With a WAL beside it the header may run ahead of the file: a
    /// checkpoint writes page 1 before it extends the file. SQLite's own
    /// checks (and `checkPages`) judge such a file instead.
    private static func shortfall(_ path: String, header: [UInt8]) -> (size: Int, expected: Int)? {
        let rawPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let pageCount = header[28..<32].reduce(0) { $0 << 8 | Int($1) }
        let expected = pageSize * pageCount
        // The size after the header: a file being written only grows.
        guard pageCount > 0, (fileSize(target(of: path) + "-wal") ?? 0) == 0, let size = fileSize(path), size < expected else {
            return nil
        }
        return (size, expected)
    }

    /// Whether the file still falls short of its header once SQLite's
    /// shared lock keeps writers out. Another process may be committing
    /// to it: SQLite writes page 1, with the new page count, before the
    /// pages after it, so two hosts creating one file saw it "truncated".
    /// A file SQLite cannot read at all stays short.
    ///
    /// - Throws: `.io` ("database is locked") when the lock is still held
    ///   after `milliseconds`: the file may be whole, so it is not called
    ///   truncated.
    private static func stillShortWhileLocked(_ path: String, waiting milliseconds: Int) throws(RecordingError) -> Bool {
        guard let database = try? Database(path: path, mode: .readOnly) else { return true }
        defer { database.close() }
        database.setBusyTimeout(milliseconds: milliseconds)
        do {
            return try database.read { db in
                _ = try db.scalarInt("SELECT count(*) FROM sqlite_schema")
                guard let header = firstBytes(of: path), header.count == 100 else { return true }
                return shortfall(path, header: header) != nil
            }
        } catch let error as SQLiteError where error.isBusy {
            throw RecordingError.from(error, path: path)
        } catch {
            return true
        }
    }

    /// Refuses a SQLite file that is not a recording, or is from a newer version.
    static func checkIdentity(_ database: Database, path: String) throws(RecordingError) {
        let applicationID: Int
        let version: Int
        do {
            applicationID = try database.scalarInt("PRAGMA application_id") ?? 0
            version = try database.scalarInt("PRAGMA user_version") ?? 0
        } catch {
            throw RecordingError.from(error, path: path)
        }
        guard applicationID == Int(RecordingFormat.applicationID) else {
            throw RecordingError.invalidFile(path: path, reason: "is a SQLite database but not a udf recording")
        }
        guard version <= RecordingFormat.version else {
            throw RecordingError.newerVersion(path: path, found: version, supported: RecordingFormat.version)
        }
        guard version >= 1 else {
            throw RecordingError.invalidFile(path: path, reason: "is a udf recording with no schema")
        }
    }

    /// Files up to this size get `PRAGMA quick_check` when opened; larger
    /// ones are checked as their pages are read, and by `verify`.
    ///
    /// quick_check reads every page: about 70 ms for 8 MiB here. Inspector
    /// commands must answer within 150 ms whatever the file's length, so
    /// larger files are not read whole just to open them.
    static let quickCheckLimit = 8 << 20

    /// Refuses a file with a damaged page before anything reads or appends.
    ///
    /// Without it a garbage page deep in the steps table goes unnoticed until
    /// a query happens to read it, and a writer would append to a broken
    /// b-tree. `quick_check` (https://sqlite.org/pragma.html#pragma_quick_check)
    /// reads every page once, so it costs about one sequential read of the file.
    static func checkPages(_ database: Database, path: String) throws(RecordingError) {
        guard let size = fileSize(path), size <= quickCheckLimit else { return }
        let problems: [String]
        do {
            problems = try database.prepare("PRAGMA quick_check(1)").rows { $0.text(0) }
        } catch {
            throw RecordingError.from(error, path: path)
        }
        guard problems == ["ok"] else {
            // SQLite's report spans lines ("*** in database main ***", then
            // one line per problem); the first problem is the one-line reason.
            let lines = problems.joined(separator: "\n").split(separator: "\n")
            let first = lines.first { !$0.hasPrefix("***") }.map(String.init) ?? "quick_check failed"
            throw RecordingError.invalidFile(path: path, reason: "is damaged: \(first.trimmingCharacters(in: .whitespaces))")
        }
    }

    /// The size of the regular file at `path`, through any links; nil for
    /// anything else.
    static func fileSize(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// The file `path` names, through any links: SQLite keeps a
    /// recording's `-wal` and `-shm` beside that file, not beside a link.
    static func target(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
