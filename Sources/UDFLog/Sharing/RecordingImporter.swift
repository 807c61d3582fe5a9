import Foundation
import UDFJSON
import UDFSQLite

/// Writes a `SharedTimeline` into a recording file as a new, closed session.
///
/// The whole session is one transaction, so a failure leaves an existing file
/// as it was. A missing file is built under a temporary name beside it and
/// renamed into place only when complete, so a failure leaves no file behind.
///
/// For example:
/// ```swift
/// let sessionID = try RecordingImporter(path: "shared.udf").write(timeline)
/// ```
public struct RecordingImporter: Sendable {
    public let path: String
    public let keyframePolicy: KeyframePolicy

    public init(path: String, keyframePolicy: KeyframePolicy = KeyframePolicy()) {
        self.path = path
        self.keyframePolicy = keyframePolicy
    }

    /// Adds `timeline` as a new session and returns the session's id.
    public func write(_ timeline: SharedTimeline) throws(SharingError) -> Int {
        try timeline.validate()
        let produce: ((SharedStep) throws -> Void) throws -> Void = { emit in
            for step in timeline.steps { try emit(SharedStep(step)) }
        }
        if FileManager.default.fileExists(atPath: path) {
            // Readers may follow a file that exists: it is written in WAL.
            return try insert(timeline.session, into: path, followed: true) { db, timelineID in
                try Self.writeEncoded(produce, policy: keyframePolicy, into: db, timelineID: timelineID)
            }.sessionID
        }
        return try build(timeline.session, replacing: false, produce).sessionID
    }

    /// Writes a standalone recording holding only `timeline`, replacing any
    /// file at `path` once the new one is complete.
    public func writeStandalone(_ timeline: SharedTimeline) throws(SharingError) {
        try timeline.validate()
        _ = try build(timeline.session, replacing: true) { emit in
            for step in timeline.steps { try emit(SharedStep(step)) }
        }
    }

    /// Writes a standalone recording from steps handed over one at a time,
    /// in order from step 0, so that no more than one step is held: what
    /// `export --format udf` streams into. The session is one transaction.
    ///
    /// A step that comes with its stored text (`SharedStep.stored`) keeps
    /// it, its hash and its size, where the keyframe policy allows: a copy
    /// costs what reading costs, not what recording costs.
    ///
    /// - Parameter produce: Calls its argument once per step.
    /// - Returns: How many steps kept their stored text.
    @discardableResult
    public func writeStandalone(
        session: SharedSession, steps produce: (_ emit: (SharedStep) throws -> Void) throws -> Void
    ) throws(SharingError) -> Int {
        try build(session, replacing: true, produce).keptSteps
    }

    /// Writes a standalone copy of `range` of `timeline` made of its stored
    /// rows as they are (`Recording.walkCopiedRows`), without building a
    /// state past the first: a copy then costs what reading the rows costs.
    ///
    /// - Returns: false, leaving nothing at `path`, when the stored text does
    ///   not prove that `redactor` would leave every step as recorded, or the
    ///   rows cannot be kept as they are; the caller exports step by step.
    public func copyStandalone(
        session: SharedSession, of recording: Recording, timeline: TimelineInfo, range: ShareRange, redactor: Redactor
    ) throws(SharingError) -> Bool {
        var refused = false
        do throws(SharingError) {
            _ = try build(session, replacing: true) { db, timelineID in
                var count = 0
                var lastTime: Date?
                var complete = false
                try StepsTable.insert(into: db) { rows in
                    complete = try recording.walkCopiedRowsOverlapped(
                        timeline, range: range, redactor: redactor, policy: keyframePolicy, timelineID: timelineID
                    ) { row in
                        try rows.insert(row)
                        lastTime = row.time
                        count += 1
                    }
                }
                guard complete else {
                    refused = true
                    throw CopyRefused()
                }
                return StepsWritten(count: count, lastTime: lastTime, kept: count)
            }
        } catch {
            if refused { return false }
            throw error
        }
        return true
    }

    /// The rows of a copy cannot all be kept as stored.
    private struct CopyRefused: Error {}

    /// What a session's steps wrote.
    private struct StepsWritten {
        let count: Int
        let lastTime: Date?
        /// Steps that kept their stored text instead of being encoded again.
        let kept: Int
    }

    /// What a session's insertion wrote.
    private struct Written {
        let sessionID: Int
        /// Steps that kept their stored text instead of being encoded again.
        let keptSteps: Int
    }

    private func build(
        _ session: SharedSession, replacing: Bool, _ produce: (_ emit: (SharedStep) throws -> Void) throws -> Void
    ) throws(SharingError) -> Written {
        try build(session, replacing: replacing) { db, timelineID in
            try Self.writeEncoded(produce, policy: keyframePolicy, into: db, timelineID: timelineID)
        }
    }

    private func build(
        _ session: SharedSession, replacing: Bool, _ writeSteps: (_ db: Database, _ timelineID: Int) throws -> StepsWritten
    ) throws(SharingError) -> Written {
        if SpecialFile.isSpecial(path) {
            throw SharingError.recording(.io("cannot write '\(path)': not a regular file; a recording is a file of its own"))
        }
        if SpecialFile.isDirectory(path) {
            throw SharingError.recording(.io("cannot write '\(path)': is a directory"))
        }
        let directory = (path as NSString).deletingLastPathComponent
        let name = ".\((path as NSString).lastPathComponent).\(UUID().uuidString).partial"
        let temporary = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
        PartialFileCleanup.writing(temporary, suffixes: PartialFileCleanup.sqliteSuffixes)
        defer {
            Self.remove(temporary)
            PartialFileCleanup.finished(temporary, suffixes: PartialFileCleanup.sqliteSuffixes)
        }
        // No one knows of the partial file yet.
        let written = try insert(session, into: temporary, followed: false, writeSteps)
        do {
            if replacing {
                Self.remove(path)
                try FileManager.default.moveItem(atPath: temporary, toPath: path)
            } else {
                // link(2) fails when the target appeared meanwhile, where rename would replace it.
                try FileManager.default.linkItem(atPath: temporary, toPath: path)
            }
        } catch {
            throw SharingError.recording(.io("cannot create '\(path)': \(FileErrorReason.of(error))"))
        }
        return written
    }

    /// Steps handed over one at a time, each encoded as the recorder would,
    /// or kept as stored where it comes with its stored text.
    private static func writeEncoded(
        _ produce: (_ emit: (SharedStep) throws -> Void) throws -> Void, policy: KeyframePolicy, into db: Database, timelineID: Int
    ) throws -> StepsWritten {
        let encoder = StepEncoder(policy: policy, hashAlgorithm: .current)
        var count = 0
        var lastTime: Date?
        try StepsTable.insert(into: db) { rows in
            try produce { shared in
                let step = shared.input
                try SharedTimeline.validate(step, at: count)
                try rows.insert(try encoder.encode(HostStep(step), timelineID: timelineID, keeping: shared.stored.map { ($0, step.state) }))
                lastTime = step.time
                count += 1
            }
        }
        return StepsWritten(count: count, lastTime: lastTime, kept: encoder.keptSteps)
    }

    /// Adds `session` to `file`; `followed` as `RecordingFile.openForWriting` takes it.
    private func insert(
        _ session: SharedSession, into file: String, followed: Bool,
        _ writeSteps: (_ db: Database, _ timelineID: Int) throws -> StepsWritten
    ) throws(SharingError) -> Written {
        let database: Database
        do {
            database = try RecordingFile.openForWriting(file, followed: followed)
        } catch {
            throw SharingError.recording(Self.naming(error, path))
        }
        defer { database.close() }
        do {
            let (sessionID, written) = try database.write { db -> (Int, StepsWritten) in
                try RecordingFormat.bringUpToDate(db)
                try db.prepare("""
                    INSERT INTO sessions (app, started_at, ended_at, status, host, pid, keyframe_interval, metadata, uuid, state_hash)
                    VALUES (?, ?, ?, 'closed', ?, 0, ?, ?, ?, ?)
                    """).execute([
                        session.app, session.startedAt.timeIntervalSince1970,
                        (session.endedAt ?? session.startedAt).timeIntervalSince1970,
                        session.host, keyframePolicy.interval, session.metadata?.canonicalText,
                        // An imported or exported copy is a session of its own.
                        SessionIdentity.generate(), StateHashAlgorithm.current.stored,
                    ])
                let sessionID = Int(db.lastInsertedRowID)
                try db.prepare("INSERT INTO timelines (session_id, name, created_at, changes_indexed) VALUES (?, 'main', ?, \(ChangeIndexDepth.written.rawValue))")
                    .execute([sessionID, session.startedAt.timeIntervalSince1970])
                let written = try writeSteps(db, Int(db.lastInsertedRowID))
                guard written.count > 0 else {
                    throw SharingError.wrongShape(path: "$", message: "the timeline has no steps; at least step 0 is needed")
                }
                if session.endedAt == nil {
                    let lastTime = written.lastTime ?? session.startedAt
                    try db.prepare("UPDATE sessions SET ended_at = ? WHERE id = ?").execute([lastTime.timeIntervalSince1970, sessionID])
                }
                return (sessionID, written)
            }
            // Fold the WAL into the main file and leave WAL when no one else
            // has the file open, so the file is complete on its own.
            try RecordingJournal.finishWriting(database)
            return Written(sessionID: sessionID, keptSteps: written.kept)
        } catch let error as SharingError {
            throw error
        } catch {
            throw SharingError.recording(Self.naming(RecordingWriter.mapWriteError(error, path: file), path))
        }
    }

    /// Errors name the file the user gave, not the temporary one.
    private static func naming(_ error: RecordingError, _ path: String) -> RecordingError {
        switch error {
        case .cannotOpen(_, let reason): .cannotOpen(path: path, reason: reason)
        case .invalidFile(_, let reason): .invalidFile(path: path, reason: reason)
        case .newerVersion(_, let found, let supported): .newerVersion(path: path, found: found, supported: supported)
        default: error
        }
    }

    private static func remove(_ file: String) {
        for suffix in PartialFileCleanup.sqliteSuffixes {
            // unlink(2), not removeItem: it never takes a folder with it.
            unlink(file + suffix)
        }
    }
}
