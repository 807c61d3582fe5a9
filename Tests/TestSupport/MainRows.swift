import Foundation
import UDFJSON
import UDFSQLite

/// A digest of every column of every row of the sessions table, the `main`
/// timeline rows and main's steps: equal digests mean byte-for-byte equal rows.
public enum MainRows {
    public static func digest(_ path: String) throws -> String {
        let database = try Database(path: path, mode: .readOnly)
        defer { database.close() }
        var text = ""
        let queries = [
            "SELECT quote(id) || quote(app) || quote(started_at) || quote(ended_at) || quote(status) || quote(host) || quote(pid) || quote(keyframe_interval) || quote(metadata) FROM sessions ORDER BY id",
            "SELECT quote(id) || quote(session_id) || quote(name) || quote(parent_id) || quote(fork_step) || quote(created_at) FROM timelines WHERE name = 'main' ORDER BY id",
            """
            SELECT quote(id) || quote(timeline_id) || quote(step) || quote(time) || quote(action) || quote(action_name) || quote(cause)
                   || quote(duration_ns) || quote(keyframe) || quote(patch) || quote(state_hash) || quote(state_size)
            FROM steps WHERE timeline_id IN (SELECT id FROM timelines WHERE name = 'main') ORDER BY id
            """,
        ]
        for sql in queries {
            for line in try database.prepare(sql).rows([], { $0.text(0) }) {
                text += line + "\n"
            }
        }
        return StateHash.of(Array(text.utf8)) + " over \(text.utf8.count) bytes"
    }
}
