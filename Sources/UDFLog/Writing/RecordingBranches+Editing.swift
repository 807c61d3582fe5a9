import Foundation
import UDFSQLite

/// Deleting and renaming branches: the only edits that change or remove
/// rows a recording already holds, each refused where it would lose or
/// orphan anything else.
extension RecordingBranches {
    /// Deletes the branch `name` and the steps it stores itself.
    ///
    /// Refused, with the reason, for `main`; for a timeline that another
    /// branch forks from (its steps are that branch's history); and while the
    /// session still records, since the host may be writing into it. The
    /// check and the delete are one write transaction, so no writer can add
    /// a child or a step between them.
    ///
    /// - Returns: the deleted timeline, as it was.
    /// - Throws: `.notFound` for a missing session or timeline;
    ///   `.invalidArgument` for a refusal; the reader's errors for a file
    ///   that is not a recording.
    @discardableResult
    public static func delete(path: String, session: Int? = nil, name: String) throws(RecordingError) -> TimelineInfo {
        try edit(path: path, session: session, name: name, verb: "delete") { db, timeline throws in
            if let child = try db.prepare("SELECT name, fork_step FROM timelines WHERE parent_id = ? ORDER BY id LIMIT 1")
                .firstRow([timeline.id], { ($0.text(0), $0.int(1)) }) {
                throw RecordingError.invalidArgument(
                    "cannot delete timeline '\(name)': timeline '\(child.0)' forks from it at step \(child.1); delete '\(child.0)' first"
                )
            }
            try db.prepare("DELETE FROM changed_members WHERE timeline_id = ?").execute([timeline.id])
            try db.prepare("DELETE FROM changed_operations WHERE timeline_id = ?").execute([timeline.id])
            try db.prepare("DELETE FROM steps WHERE timeline_id = ?").execute([timeline.id])
            try db.prepare("DELETE FROM timelines WHERE id = ?").execute([timeline.id])
            return timeline
        }
    }

    /// Renames the branch `name` to `newName`; its steps, and every branch
    /// that forks from it, follow, since they refer to it by id.
    ///
    /// - Throws: `.invalidArgument` for `main`, a taken or invalid new name;
    ///   `.notFound` for a missing session or timeline.
    @discardableResult
    public static func rename(path: String, session: Int? = nil, name: String, to newName: String) throws(RecordingError) -> TimelineInfo {
        try validate(name: newName)
        return try edit(path: path, session: session, name: name, verb: "rename") { db, timeline throws in
            if try self.timeline(db, session: timeline.sessionID, name: newName) != nil {
                throw RecordingError.invalidArgument("a timeline named '\(newName)' already exists in session \(timeline.sessionID); choose another name")
            }
            try db.prepare("UPDATE timelines SET name = ? WHERE id = ?").execute([newName, timeline.id])
            return TimelineInfo(
                id: timeline.id, sessionID: timeline.sessionID, name: newName,
                parentID: timeline.parentID, forkStep: timeline.forkStep, lastStep: timeline.lastStep
            )
        }
    }

    /// Finds the branch in one write transaction and runs `body` on it there,
    /// after the checks every edit shares.
    private static func edit(
        path: String,
        session: Int?,
        name: String,
        verb: String,
        _ body: (Database, TimelineInfo) throws -> TimelineInfo
    ) throws(RecordingError) -> TimelineInfo {
        guard name != TimelineInfo.mainName else {
            throw .invalidArgument("cannot \(verb) timeline 'main': it is the session's recorded history; only branches can be \(verb)d")
        }
        let database = try open(path)
        defer {
            _ = try? RecordingJournal.finishWriting(database)
            database.close()
        }
        do {
            return try database.write { db throws -> TimelineInfo in
                try RecordingFormat.bringUpToDate(db)
                let found: (id: Int, status: String, host: String, pid: Int)?
                let sql = "SELECT id, status, host, pid FROM sessions"
                if let session {
                    found = try db.prepare(sql + " WHERE id = ?").firstRow([session]) { ($0.int(0), $0.text(1), $0.text(2), $0.int(3)) }
                } else {
                    found = try db.prepare(sql + " ORDER BY id DESC LIMIT 1").firstRow { ($0.int(0), $0.text(1), $0.text(2), $0.int(3)) }
                }
                guard let found else {
                    if let session { throw RecordingError.notFound("session \(session) does not exist in '\(path)'") }
                    throw RecordingError.notFound("'\(path)' holds no sessions yet")
                }
                guard let timeline = try timeline(db, session: found.id, name: name) else {
                    throw RecordingError.notFound("timeline '\(name)' does not exist in session \(found.id)")
                }
                // A live host may be writing into any of its timelines by id.
                let lastActivity = try db.prepare("SELECT max(s.time) FROM steps s JOIN timelines t ON t.id = s.timeline_id WHERE t.session_id = ?")
                    .firstRow([found.id]) { $0.optionalDouble(0) }?.map(Date.init(timeIntervalSince1970:))
                if HostIdentity.status(stored: found.status, host: found.host, pid: found.pid, lastActivity: lastActivity) == .recording {
                    throw RecordingError.invalidArgument(
                        "cannot \(verb) timeline '\(name)': session \(found.id) is still recording (pid \(found.pid) on \(found.host)); try again after it closes"
                    )
                }
                return try body(db, timeline)
            }
        } catch {
            throw RecordingWriter.mapWriteError(error, path: path)
        }
    }
}
