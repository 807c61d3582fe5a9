import Foundation
import UDFJSON
import UDFSQLite

/// Appends one session's steps to a recording file.
///
/// A writer owns its SQLite connection and must be used from one thread at a
/// time; the recorder gives it a dedicated writer thread. Each `append` is one
/// transaction, so a crash leaves every earlier batch intact.
///
/// For example:
/// ```swift
/// let writer = try RecordingWriter(path: "todo.udf", app: "TodoExample")
/// try writer.append([StepInput(step: 0, time: Date(), action: nil, actionName: nil,
///                              cause: nil, reducerNanoseconds: nil, state: initialState)])
/// try writer.close()
/// ```
public final class RecordingWriter {
    public struct Options: Sendable {
        public var keyframePolicy: KeyframePolicy
        /// The host app's version, stored with the session; nil asks the
        /// main bundle's `CFBundleShortVersionString`, where there is one.
        public var appVersion: String?
        /// Free-form host information stored with the session.
        public var metadata: JSONValue?
        /// The most bytes the database may hold, or nil for no limit.
        ///
        /// Sets `PRAGMA max_page_count` (https://sqlite.org/pragma.html#pragma_max_page_count)
        /// on the writer's connection: an append that would grow the file past
        /// it fails as a full disk, and the file keeps every earlier batch. The
        /// WAL file beside it may hold up to about 4 MB more until it is
        /// checkpointed. A file already larger than the limit takes no new pages.
        public var maximumFileSize: Int?
        /// What is replaced in states and actions before they are stored.
        public var redactor: Redactor
        /// Also takes the plain path for every step and fails on the first
        /// disagreement; see `StepEncoder` and `ShadowCheck`.
        public var shadowCheck: Bool

        public init(
            keyframePolicy: KeyframePolicy = KeyframePolicy(),
            metadata: JSONValue? = nil,
            maximumFileSize: Int? = nil,
            redactor: Redactor = .none,
            shadowCheck: Bool = false,
            appVersion: String? = nil
        ) {
            self.keyframePolicy = keyframePolicy
            self.appVersion = appVersion
            self.metadata = metadata
            self.maximumFileSize = maximumFileSize
            self.redactor = redactor
            self.shadowCheck = shadowCheck
        }
    }

    public let path: String
    public let sessionID: Int
    public let timelineID: Int
    /// The session's stored UUID; nil for a writer that appends to a branch.
    public let sessionUUID: String?
    private let database: Database
    private let encoder: StepEncoder
    private var isClosed = false
    /// False for a writer that appends to a branch of an existing session:
    /// closing it leaves the session's row as it was.
    private let ownsSession: Bool
    /// The step the next appended row must have, for a branch writer: a store
    /// resumed with the wrong `initialStep` would otherwise leave a gap.
    private var nextStep: Int?
    /// What the session's row already says was reflected; nil until read.
    private var markedReflected: ReflectedParts?
    /// The index keys of the steps written, merged about once a stretch of
    /// 1,024 steps and at close.
    private let changeIndex = ChangeIndexWriter(lazily: true)

    /// Opens or creates `path` and starts a new session with a `main` timeline.
    ///
    /// - Throws: `RecordingError` when the file cannot be opened or written,
    ///   or is not a recording.
    public init(path: String, app: String, options: Options = Options()) throws(RecordingError) {
        self.path = path
        let database = try RecordingFile.openForWriting(path)
        self.database = database
        self.encoder = StepEncoder(
            policy: options.keyframePolicy, hashAlgorithm: .current, redactor: options.redactor, shadowCheck: options.shadowCheck
        )
        self.ownsSession = true
        let uuid = SessionIdentity.generate()
        self.sessionUUID = uuid
        do {
            if let maximumFileSize = options.maximumFileSize {
                let pageSize = try database.scalarInt("PRAGMA page_size") ?? 4_096
                _ = try database.scalarInt("PRAGMA max_page_count = \(max(1, maximumFileSize / pageSize))")
            }
            let ids = try database.write { db -> (Int, Int) in
                try RecordingFormat.bringUpToDate(db)
                try RecordingWriter.markDeadSessions(db)
                let now = Date().timeIntervalSince1970
                let appVersion = options.appVersion
                    ?? Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
                try db.prepare("""
                    INSERT INTO sessions (app, started_at, status, host, pid, keyframe_interval, metadata, uuid, app_version, os, state_hash)
                    VALUES (?, ?, 'recording', ?, ?, ?, ?, ?, ?, ?, ?)
                    """).execute([
                        app, now, HostIdentity.hostName, HostIdentity.processID,
                        options.keyframePolicy.interval, options.metadata?.canonicalText,
                        uuid, appVersion, HostIdentity.operatingSystem, StateHashAlgorithm.current.stored,
                    ])
                let session = Int(db.lastInsertedRowID)
                try db.prepare("INSERT INTO timelines (session_id, name, created_at, changes_indexed) VALUES (?, 'main', ?, \(ChangeIndexDepth.written.rawValue))")
                    .execute([session, now])
                return (session, Int(db.lastInsertedRowID))
            }
            sessionID = ids.0
            timelineID = ids.1
        } catch {
            throw RecordingWriter.mapWriteError(error, path: path)
        }
    }

    /// A writer for a timeline that already exists; its first step is a keyframe.
    init(path: String, database: Database, sessionID: Int, timelineID: Int, encoder: StepEncoder, nextStep: Int) {
        self.path = path
        self.nextStep = nextStep
        self.database = database
        self.sessionID = sessionID
        self.timelineID = timelineID
        self.encoder = encoder
        self.ownsSession = false
        self.sessionUUID = nil
    }

    deinit {
        database.close()
    }

    /// Encodes and writes `steps` in one transaction. On failure nothing of
    /// the batch is kept, and the writer can try the same batch again.
    ///
    /// - Throws: `RecordingError`: `.unencodable` for a value with no JSON
    ///   form, `.shadowMismatch` from the shadow check, `.io` from SQLite.
    public func append(_ steps: some Sequence<StepInput>) throws(RecordingError) {
        try append(steps.lazy.map(HostStep.init))
    }

    /// Encodes and writes a host's steps in one transaction, as above.
    public func append(_ steps: some Sequence<HostStep>) throws(RecordingError) {
        let saved = (encoder.position, nextStep)
        do {
            try write(prepare(steps))
        } catch {
            encoder.restore(saved.0)
            nextStep = saved.1
            throw error
        }
    }

    /// The first half of `append`: the steps through the state pipeline,
    /// ready for `write(_:)`. A recorder calls the two halves on two threads,
    /// preparing the next batch while the last one is written; neither half
    /// touches what the other does.
    ///
    /// - Throws: `RecordingError`: `.unencodable` for a state with no JSON
    ///   form, `.shadowMismatch`, `.invalidArgument` for a step out of order.
    ///   The encoder is then where the failed batch left it: only `append`
    ///   puts it back.
    public func prepare(_ steps: some Sequence<HostStep>) throws(RecordingError) -> PreparedBatch {
        var batch = PreparedBatch()
        try prepare(steps, into: &batch)
        return batch
    }

    /// `prepare`, adding to `batch`: when a step fails, `batch` holds the
    /// steps before it, so that a recorder can keep them before it stops.
    public func prepare(_ steps: some Sequence<HostStep>, into batch: inout PreparedBatch) throws(RecordingError) {
        for step in steps {
            if let next = nextStep {
                guard step.step == next else {
                    throw RecordingError.invalidArgument(
                        "step \(step.step) cannot follow step \(next - 1) of this timeline; a resumed store must start with initialStep: \(next - 1)"
                    )
                }
                nextStep = next + 1
            }
            let row = try encoder.prepare(step, timelineID: timelineID)
            batch.reflected.formUnion(step.reflected)
            batch.rows.append(row)
        }
    }

    /// The second half of `append`: finishes the prepared rows (the action's
    /// and keyframes' texts) and writes them in one transaction.
    ///
    /// - Parameter keepingEarlierRows: when a row cannot be finished (its
    ///   action has no JSON form), the rows before it are written and then
    ///   the error is thrown, as a recorder wants: nothing it was handed
    ///   before the failure is lost. Otherwise nothing of the batch is written.
    /// - Throws: `RecordingError`: `.unencodable` for an action with no JSON
    ///   form, `.shadowMismatch`, `.io` from SQLite.
    public func write(_ batch: PreparedBatch, keepingEarlierRows: Bool = false) throws(RecordingError) {
        guard !isClosed else { throw RecordingError.invalidArgument("the recording writer is closed") }
        var marked = markedReflected
        var unfinished: RecordingError?
        do {
            try database.write { db in
                if !batch.reflected.isEmpty, !(marked?.isSuperset(of: batch.reflected) ?? false) {
                    marked = try markReflected(batch.reflected, db)
                }
                try StepsTable.insert(into: db, index: changeIndex) { rows in
                    finishing: for row in batch.rows {
                        switch Result(catching: { () throws(RecordingError) in try encoder.finisher.finish(row) }) {
                        case .success(let finished):
                            try rows.insert(finished)
                        case .failure(let error):
                            guard keepingEarlierRows else { throw error }
                            unfinished = error
                            break finishing
                        }
                    }
                }
            }
        } catch {
            changeIndex.stop()
            throw RecordingWriter.mapWriteError(error, path: path)
        }
        markedReflected = marked
        if let unfinished { throw unfinished }
    }

    /// Adds `parts` to the session's `reflected` column, in the batch's
    /// transaction, and returns what the column now says.
    private func markReflected(_ parts: ReflectedParts, _ db: Database) throws -> ReflectedParts {
        let stored = try db.prepare("SELECT reflected FROM sessions WHERE id = ?").firstRow([sessionID]) { $0.optionalText(0) }
        let all = ReflectedParts(storedText: stored ?? nil).union(parts)
        try db.prepare("UPDATE sessions SET reflected = ? WHERE id = ?").execute([all.storedText, sessionID])
        return all
    }

    /// Marks the session closed. Later appends fail.
    ///
    /// A writer that appends to a branch leaves the session's row unchanged.
    public func close() throws(RecordingError) {
        guard !isClosed else { return }
        isClosed = true
        do {
            try database.write { db in
                try changeIndex.merge(into: db)
                if ownsSession {
                    try db.prepare("UPDATE sessions SET status = 'closed', ended_at = ? WHERE id = ?")
                        .execute([Date().timeIntervalSince1970, sessionID])
                }
            }
            // Fold the WAL into the main file and leave WAL when no one else
            // has the file open, so a closed .udf is complete on its own.
            try RecordingJournal.finishWriting(database)
        } catch {
            throw RecordingWriter.mapWriteError(error, path: path)
        }
        database.close()
    }

    /// Marks the session interrupted, as far as the file still allows, and
    /// closes the connection. For a writer that stopped on an error: the
    /// session then reads as interrupted even while its host runs on.
    public func abandon() {
        guard !isClosed else { return }
        isClosed = true
        // Best effort: on a full disk or a vanished file the update may fail,
        // and readers still derive `interrupted` once the host exits.
        _ = try? database.write { db in
            try changeIndex.merge(into: db)
        }
        _ = try? database.write { db in
            try db.prepare("UPDATE sessions SET status = 'interrupted', ended_at = ? WHERE id = ?")
                .execute([Date().timeIntervalSince1970, sessionID])
        }
        _ = try? RecordingJournal.finishWriting(database)
        database.close()
    }

    /// Sessions whose host process died stay `recording` in the file until a
    /// writer notices; readers derive `interrupted` either way.
    private static func markDeadSessions(_ db: Database) throws {
        let stale = try db.prepare("SELECT id, host, pid FROM sessions WHERE status = 'recording'")
            .rows { row in (row.int(0), row.text(1), row.int(2)) }
        for (id, host, pid) in stale where host == HostIdentity.hostName && !HostIdentity.isAlive(pid: pid) {
            try db.prepare("UPDATE sessions SET status = 'interrupted' WHERE id = ?").execute([id])
        }
    }

    static func mapWriteError(_ error: any Error, path: String) -> RecordingError {
        if let error = error as? RecordingError { return error }
        if let error = error as? SQLiteError {
            if error.isDiskFull {
                return .io("cannot write '\(path)': the disk is full")
            }
            if error.isReadOnly {
                return .io("cannot write '\(path)': the file is read-only")
            }
            if error.isCorrupt {
                return .invalidFile(path: path, reason: "is damaged: \(error.message)")
            }
            return .io("cannot write '\(path)': \(error.message)")
        }
        return .io("cannot write '\(path)': \(error)")
    }
}
