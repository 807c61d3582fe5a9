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
        if FileManager.default.fileExists(atPath: path) {
            return try insert(timeline, into: path)
        }
        return try build(timeline, replacing: false)
    }

    /// Writes a standalone recording holding only `timeline`, replacing any
    /// file at `path` once the new one is complete.
    public func writeStandalone(_ timeline: SharedTimeline) throws(SharingError) {
        try timeline.validate()
        _ = try build(timeline, replacing: true)
    }

    private func build(_ timeline: SharedTimeline, replacing: Bool) throws(SharingError) -> Int {
        let directory = (path as NSString).deletingLastPathComponent
        let name = ".\((path as NSString).lastPathComponent).\(UUID().uuidString).partial"
        let temporary = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
        defer { Self.remove(temporary) }
        let sessionID = try insert(timeline, into: temporary)
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
        return sessionID
    }

    private func insert(_ timeline: SharedTimeline, into file: String) throws(SharingError) -> Int {
        let database: Database
        do {
            database = try RecordingFile.openForWriting(file)
        } catch {
            throw SharingError.recording(Self.naming(error, path))
        }
        defer { database.close() }
        let encoder = StepEncoder(policy: keyframePolicy)
        let session = timeline.session
        do {
            let sessionID = try database.write { db -> Int in
                try RecordingFormat.bringUpToDate(db)
                try db.prepare("""
                    INSERT INTO sessions (app, started_at, ended_at, status, host, pid, keyframe_interval, metadata, uuid)
                    VALUES (?, ?, ?, 'closed', ?, 0, ?, ?, ?)
                    """).execute([
                        session.app, session.startedAt.timeIntervalSince1970,
                        (session.endedAt ?? timeline.steps.last?.time ?? session.startedAt).timeIntervalSince1970,
                        session.host, keyframePolicy.interval, session.metadata?.canonicalText,
                        // An imported or exported copy is a session of its own.
                        SessionIdentity.generate(),
                    ])
                let sessionID = Int(db.lastInsertedRowID)
                try db.prepare("INSERT INTO timelines (session_id, name, created_at) VALUES (?, 'main', ?)")
                    .execute([sessionID, session.startedAt.timeIntervalSince1970])
                let timelineID = Int(db.lastInsertedRowID)
                for step in timeline.steps {
                    try StepsTable.insert(try encoder.encode(HostStep(step), timelineID: timelineID), into: db)
                }
                return sessionID
            }
            // Fold the WAL into the main file and leave WAL when no one else
            // has the file open, so the file is complete on its own.
            try RecordingJournal.finishWriting(database)
            return sessionID
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
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: file + suffix)
        }
    }
}
