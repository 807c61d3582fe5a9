import Foundation
import UDFSQLite

/// Creates branches: timelines that fork from another timeline at a step.
///
/// A branch row names its parent and its fork step. The steps it shares stay
/// in the parent's rows, so creating or writing a branch adds rows and never
/// changes one that exists.
///
/// For example:
/// ```swift
/// let fix = try RecordingBranches.create(path: "todo.udf", at: 40, name: "fix")
/// // fix.forkStep == 40, fix.lastStep == 40: steps 0…40 are main's
/// ```
public enum RecordingBranches {
    /// What opening a branch does when its name is already taken in the session.
    public enum Existing: Sendable, Equatable {
        /// Fail: the name must be new.
        case refuse
        /// Append to it, when it ends at the requested step and shares that
        /// step with the requested timeline.
        case continueAtEnd
    }

    /// Creates the empty branch `name`, forked from `parent` at `step`.
    ///
    /// - Parameters:
    ///   - session: the session id; the latest session when nil.
    ///   - parent: the timeline to fork; `main` when nil.
    /// - Throws: `RecordingError.notFound` for a missing session, timeline or
    ///   step (a step beyond the parent's end); `.invalidArgument` for a name
    ///   already taken in the session or one that cannot be a timeline name;
    ///   the reader's errors for a file that is not a recording.
    @discardableResult
    public static func create(
        path: String,
        session: Int? = nil,
        parent: String? = nil,
        at step: Int,
        name: String
    ) throws(RecordingError) -> TimelineInfo {
        let database = try open(path)
        defer {
            // Left as one self-contained file, as a closing writer leaves it.
            _ = try? RecordingJournal.finishWriting(database)
            database.close()
        }
        return try prepare(database, path: path, session: session, parent: parent, at: step, name: name, existing: .refuse).timeline
    }

    /// Checks that `name` can be a timeline name: `fix@40` must stay unambiguous.
    public static func validate(name: String) throws(RecordingError) {
        guard !name.isEmpty else {
            throw .invalidArgument("a timeline name must not be empty")
        }
        guard name.count <= 100 else {
            throw .invalidArgument("a timeline name must be at most 100 characters")
        }
        guard !name.contains("@"), !name.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .invalidArgument("'\(name)' cannot be a timeline name: it must not contain '@', spaces or control characters")
        }
        guard Int(name) == nil else {
            throw .invalidArgument("'\(name)' cannot be a timeline name: a number would read as a step")
        }
    }

    /// Opens `path` for writing, after the reader's checks, so that a file that
    /// is not a recording is refused and never turned into one.
    static func open(_ path: String) throws(RecordingError) -> Database {
        let probe = try RecordingFile.openForReading(path)
        probe.close()
        return try RecordingFile.openForWriting(path)
    }

    struct Prepared {
        let timeline: TimelineInfo
        let keyframeInterval: Int
        /// The session's own, kept for every step added to it.
        let hashAlgorithm: StateHashAlgorithm
    }

    /// Finds or creates the branch in one transaction, so two writers cannot
    /// both create the same name.
    static func prepare(
        _ database: Database,
        path: String,
        session: Int?,
        parent: String?,
        at step: Int,
        name: String,
        existing: Existing
    ) throws(RecordingError) -> Prepared {
        try validate(name: name)
        do {
            return try database.write { db throws -> Prepared in
                try RecordingFormat.bringUpToDate(db)
                let found: (id: Int, interval: Int, hash: String?)?
                if let session {
                    found = try db.prepare("SELECT id, keyframe_interval, state_hash FROM sessions WHERE id = ?")
                        .firstRow([session]) { ($0.int(0), $0.int(1), $0.optionalText(2)) }
                } else {
                    found = try db.prepare("SELECT id, keyframe_interval, state_hash FROM sessions ORDER BY id DESC LIMIT 1")
                        .firstRow { ($0.int(0), $0.int(1), $0.optionalText(2)) }
                }
                guard let found else {
                    if let session { throw RecordingError.notFound("session \(session) does not exist in '\(path)'") }
                    throw RecordingError.notFound("'\(path)' holds no sessions yet")
                }
                guard let hashAlgorithm = StateHashAlgorithm(stored: found.hash) else {
                    throw RecordingError.invalidFile(
                        path: path, reason: "session \(found.id) uses the state hash '\(found.hash ?? "")', which this build does not know"
                    )
                }
                let parentName = parent ?? TimelineInfo.mainName
                guard let source = try timeline(db, session: found.id, name: parentName) else {
                    throw RecordingError.notFound("timeline '\(parentName)' does not exist in session \(found.id)")
                }
                guard step >= 0, step <= source.lastStep else {
                    throw RecordingError.notFound(source.missingStepMessage(step))
                }
                if let taken = try timeline(db, session: found.id, name: name) {
                    guard existing == .continueAtEnd else {
                        throw RecordingError.invalidArgument("a timeline named '\(name)' already exists in session \(found.id); choose another name")
                    }
                    guard taken.lastStep == step, try holder(of: step, on: taken, db) == holder(of: step, on: source, db) else {
                        throw RecordingError.invalidArgument(
                            "timeline '\(name)' already exists and does not continue from \(source.name)@\(step): it ends at step \(taken.lastStep); resume from \(name)@\(taken.lastStep) or choose another name"
                        )
                    }
                    return Prepared(timeline: taken, keyframeInterval: found.interval, hashAlgorithm: hashAlgorithm)
                }
                try db.prepare("INSERT INTO timelines (session_id, name, parent_id, fork_step, created_at, changes_indexed) VALUES (?, ?, ?, ?, ?, \(ChangeIndexDepth.written.rawValue))")
                    .execute([found.id, name, source.id, step, Date().timeIntervalSince1970])
                let created = TimelineInfo(
                    id: Int(db.lastInsertedRowID), sessionID: found.id, name: name,
                    parentID: source.id, forkStep: step, lastStep: step
                )
                return Prepared(timeline: created, keyframeInterval: found.interval, hashAlgorithm: hashAlgorithm)
            }
        } catch {
            throw RecordingWriter.mapWriteError(error, path: path)
        }
    }

    private static let timelineSQL = """
        SELECT t.id, t.session_id, t.name, t.parent_id, t.fork_step,
               coalesce((SELECT max(step) FROM steps WHERE timeline_id = t.id), t.fork_step, -1)
        FROM timelines t
        """

    static func timeline(_ db: Database, session: Int, name: String) throws -> TimelineInfo? {
        try db.prepare(timelineSQL + " WHERE t.session_id = ? AND t.name = ?").firstRow([session, name], timeline(from:))
    }

    private static func timeline(_ db: Database, id: Int) throws -> TimelineInfo? {
        try db.prepare(timelineSQL + " WHERE t.id = ?").firstRow([id], timeline(from:))
    }

    private static func timeline(from row: Row) -> TimelineInfo {
        TimelineInfo(
            id: row.int(0), sessionID: row.int(1), name: row.text(2),
            parentID: row.optionalInt(3), forkStep: row.optionalInt(4), lastStep: row.int(5)
        )
    }

    /// The timeline whose row stores `step` of `timeline`: itself, or the ancestor it inherits the step from.
    private static func holder(of step: Int, on timeline: TimelineInfo, _ db: Database) throws -> Int {
        var current = timeline
        var visited: Set<Int> = []
        while let fork = current.forkStep, let parentID = current.parentID, step <= fork {
            guard visited.insert(current.id).inserted, let parent = try self.timeline(db, id: parentID) else { break }
            current = parent
        }
        return current.id
    }
}
