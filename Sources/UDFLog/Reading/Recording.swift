import Foundation
import UDFJSON
import UDFSQLite

/// A recording file opened for reading.
///
/// The file is opened read-only with defensive settings, so an untrusted file
/// from a bug report is safe to open, and reading never modifies it. Reads see
/// a consistent snapshot even while a host appends, thanks to WAL mode.
///
/// For example:
/// ```swift
/// let recording = try Recording(path: "todo.udf")
/// let session = try recording.session(nil)
/// let main = try recording.timeline(nil, in: session)
/// let state = try recording.state(at: 42, on: main)
/// ```
public final class Recording {
    public let path: String
    let database: Database
    /// `PRAGMA user_version`: which columns the file has. Reading never migrates.
    public let formatVersion: Int
    /// The cursor each timeline was last read through, by timeline id.
    private var cursors: [Int: StateCursor] = [:]
    /// The action texts parsed through this reading, by their bytes.
    let parsedActions = TextMemo.actions()

    /// - Throws: `RecordingError` for a missing, empty, non-SQLite, truncated,
    ///   foreign or newer-version file.
    public init(path: String) throws(RecordingError) {
        self.path = path
        let database = try RecordingFile.openForReading(path)
        self.database = database
        do {
            formatVersion = try database.scalarInt("PRAGMA user_version") ?? 0
        } catch {
            throw RecordingError.from(error, path: path)
        }
    }

    /// Runs `body` against the database, mapping SQLite failures.
    func query<T>(_ body: (Database) throws -> T) throws(RecordingError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw RecordingError.from(error, path: path)
        }
    }

    // MARK: Sessions

    /// Every session, oldest first.
    public func sessions() throws(RecordingError) -> [SessionInfo] {
        try query { db in
            try db.prepare(self.sessionSQL + " ORDER BY s.id").rows { row in try self.session(from: row, db) }
        }
    }

    /// The session `id`, or the latest one when `id` is nil.
    public func session(_ id: Int?) throws(RecordingError) -> SessionInfo {
        let found: SessionInfo? = try query { db in
            if let id {
                return try db.prepare(self.sessionSQL + " WHERE s.id = ?").firstRow([id]) { row in
                    try self.session(from: row, db)
                }
            }
            return try db.prepare(self.sessionSQL + " ORDER BY s.id DESC LIMIT 1").firstRow { row in
                try self.session(from: row, db)
            }
        }
        guard let found else {
            if let id {
                throw RecordingError.notFound("session \(id) does not exist in '\(path)'")
            }
            throw RecordingError.notFound("'\(path)' holds no sessions yet")
        }
        return found
    }

    /// A v1 file has no identity columns; it reads as nulls there.
    private var sessionSQL: String {
        let hasIdentity = formatVersion >= RecordingFormat.sessionIdentityVersion
        let identity = hasIdentity ? "s.uuid, s.app_version, s.os" : "NULL, NULL, NULL"
        // Step 0's hash only derives an identity a session lacks. It is
        // stored after step 0's keyframe, so SQLite reaches it through
        // every overflow page of that keyframe: 285 reads for a 1 MB state.
        let initialHash = "(SELECT state_hash FROM steps WHERE timeline_id = t.id AND step = 0)"
        let derivedFrom = hasIdentity ? "CASE WHEN s.uuid IS NULL THEN \(initialHash) END" : initialHash
        let reflected = formatVersion >= RecordingFormat.reflectionVersion ? "s.reflected" : "NULL"
        return """
            SELECT s.id, s.app, s.started_at, s.ended_at, s.status, s.host, s.pid, s.keyframe_interval,
                   t.id, (SELECT max(step) FROM steps WHERE timeline_id = t.id),
                   \(identity), \(derivedFrom),
                   \(reflected)
            FROM sessions s LEFT JOIN timelines t ON t.session_id = s.id AND t.name = 'main'
            """
    }

    private func session(from row: Row, _ db: Database) throws -> SessionInfo {
        let storedStatus = row.text(4)
        let host = row.text(5)
        let pid = row.int(6)
        var lastActivity: Date?
        if storedStatus == "recording", host != HostIdentity.hostName, let timeline = row.optionalInt(8) {
            lastActivity = try db.prepare("SELECT time FROM steps WHERE timeline_id = ? ORDER BY step DESC LIMIT 1")
                .firstRow([timeline]) { Date(timeIntervalSince1970: $0.double(0)) }
        }
        return SessionInfo(
            id: row.int(0),
            app: row.text(1),
            startedAt: Date(timeIntervalSince1970: row.double(2)),
            endedAt: row.optionalDouble(3).map(Date.init(timeIntervalSince1970:)),
            status: HostIdentity.status(stored: storedStatus, host: host, pid: pid, lastActivity: lastActivity),
            host: host,
            pid: pid,
            keyframeInterval: row.int(7),
            stepCount: (row.optionalInt(9) ?? -1) + 1,
            identity: row.optionalText(10).map { SessionIdentity(uuid: $0, isDerived: false) }
                ?? SessionIdentity.derived(app: row.text(1), host: host, pid: pid, startedAt: row.double(2), initialStateHash: row.optionalText(13)),
            appVersion: row.optionalText(11),
            operatingSystem: row.optionalText(12),
            reflected: ReflectedParts(storedText: row.optionalText(14))
        )
    }

    // MARK: Timelines

    /// Every timeline of a session, in creation order.
    public func timelines(in session: SessionInfo) throws(RecordingError) -> [TimelineInfo] {
        try query { db in
            try db.prepare(Self.timelineSQL + " WHERE t.session_id = ? ORDER BY t.id").rows([session.id]) { row in
                Self.timeline(from: row)
            }
        }
    }

    /// `timeline` and its session as the file holds them now, for a reader
    /// following a live host: two small queries, each in a fresh read
    /// transaction, which in WAL mode sees what the host committed since
    /// (https://sqlite.org/wal.html). The session is read first, so once it
    /// says it has ended, the timeline read after it holds every step.
    public func reread(_ timeline: TimelineInfo, of session: SessionInfo) throws(RecordingError) -> (session: SessionInfo, timeline: TimelineInfo) {
        let session = try self.session(session.id)
        return (session, try self.timeline(timeline.name, in: session))
    }

    /// The timeline `name` of a session; `main` when `name` is nil.
    public func timeline(_ name: String?, in session: SessionInfo) throws(RecordingError) -> TimelineInfo {
        let name = name ?? TimelineInfo.mainName
        let found = try query { db in
            try db.prepare(Self.timelineSQL + " WHERE t.session_id = ? AND t.name = ?")
                .firstRow([session.id, name]) { row in Self.timeline(from: row) }
        }
        guard let found else {
            throw RecordingError.notFound("timeline '\(name)' does not exist in session \(session.id)")
        }
        return found
    }

    /// The timeline with this id.
    public func timeline(id: Int) throws(RecordingError) -> TimelineInfo {
        let found = try query { db in
            try db.prepare(Self.timelineSQL + " WHERE t.id = ?").firstRow([id]) { row in Self.timeline(from: row) }
        }
        guard let found else { throw RecordingError.notFound("timeline \(id) does not exist") }
        return found
    }

    private static let timelineSQL = """
        SELECT t.id, t.session_id, t.name, t.parent_id, t.fork_step,
               coalesce((SELECT max(step) FROM steps WHERE timeline_id = t.id), t.fork_step, -1)
        FROM timelines t
        """

    private static func timeline(from row: Row) -> TimelineInfo {
        TimelineInfo(
            id: row.int(0),
            sessionID: row.int(1),
            name: row.text(2),
            parentID: row.optionalInt(3),
            forkStep: row.optionalInt(4),
            lastStep: row.int(5)
        )
    }

    /// The state pipeline for `timeline`: one per timeline, made again when
    /// the timeline has grown (a live recording) or ended elsewhere.
    func cursor(for timeline: TimelineInfo) throws(RecordingError) -> StateCursor {
        if let cursor = cursors[timeline.id], cursor.timeline == timeline { return cursor }
        let cursor = try StateCursor(recording: self, timeline: timeline)
        cursors[timeline.id] = cursor
        return cursor
    }

    /// Where each step of `timeline` is stored: ancestors' rows up to each fork,
    /// then the timeline's own, oldest first.
    func lineage(of timeline: TimelineInfo) throws(RecordingError) -> [TimelineSegment] {
        var segments: [TimelineSegment] = []
        var current = timeline
        var upperBound = timeline.lastStep
        var visited: Set<Int> = []
        while true {
            guard visited.insert(current.id).inserted else {
                throw RecordingError.invalidFile(path: path, reason: "is damaged: timeline \(current.id) is its own ancestor")
            }
            let lower = current.firstOwnStep
            if upperBound >= lower {
                segments.append(TimelineSegment(timelineID: current.id, steps: lower...upperBound))
            }
            guard let parentID = current.parentID, let fork = current.forkStep else { break }
            current = try self.timeline(id: parentID)
            upperBound = min(upperBound, fork)
        }
        return segments.reversed()
    }
}

/// A run of steps that one timeline stores itself.
struct TimelineSegment: Equatable {
    let timelineID: Int
    let steps: ClosedRange<Int>
}
