import Foundation
import UDF
import UDFSQLite

/// The baseline the issue compares against: every state in full through
/// Foundation's `JSONEncoder`, one SQLite row per step, on the sender's thread.
///
/// It is given the benefit of batched transactions and a cached statement, so
/// the comparison measures encoding, not SQLite misuse.
@MainActor
final class NaiveRecorder {
    private let database: Database
    private let encoder = JSONEncoder()
    private var inTransaction = 0
    private(set) var failure: (any Error)?

    init(path: String) throws {
        database = try Database(path: path, mode: .create)
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute("CREATE TABLE steps (step INTEGER PRIMARY KEY, action TEXT, state TEXT NOT NULL)")
    }

    func middleware<State: Encodable & Sendable, Action: Encodable & Sendable>() -> Middleware<State, Action> {
        Middleware.observing { [self] transition in
            record(transition)
        }
    }

    private func record<State: Encodable, Action: Encodable>(_ transition: Transition<State, Action>) {
        do {
            let state = String(decoding: try encoder.encode(transition.stateAfter), as: UTF8.self)
            let action = String(decoding: try encoder.encode(transition.action), as: UTF8.self)
            if inTransaction == 0 {
                try database.execute("BEGIN")
            }
            try database.cachedStatement("INSERT INTO steps (step, action, state) VALUES (?, ?, ?)")
                .execute([transition.step, action, state])
            inTransaction += 1
            if inTransaction == 64 {
                try database.execute("COMMIT")
                inTransaction = 0
            }
        } catch {
            failure = error
        }
    }

    /// What a naive reader does for one step: its whole stored state, read
    /// and parsed by `JSONSerialization`.
    nonisolated static func state(at step: Int, in database: Database) throws -> Any {
        guard let text = try database.scalarText("SELECT state FROM steps WHERE step = ?", [step]) else {
            throw BenchError("the naive recording has no step \(step)")
        }
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    func close() throws {
        if inTransaction > 0 {
            try database.execute("COMMIT")
            inTransaction = 0
        }
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        database.close()
    }
}
