import Foundation
import UDFJSON

/// SQLite's `PRAGMA integrity_check` of a recording: what it found, `["ok"]`
/// for a sound file.
///
/// `verify` on several threads starts it for a large file on a thread and a
/// connection of its own, and walks the timelines meanwhile: it checks every
/// index entry against its row, about 1 s of one core for a cached
/// 1,000,000-step recording, which ran before the walk began. On a file
/// not cached it reads a page at a time all over the disk, 4 s for that
/// one: `verify` reads such a file ahead (`ReadAhead`).
final class IntegrityCheck: Sendable {
    typealias Outcome = Result<[String], RecordingError>

    private let outcome = Promised<Outcome>()

    /// Runs the check on `recording`'s connection, on this thread.
    static func run(on recording: Recording) throws(RecordingError) -> [String] {
        try recording.query { db in
            try db.prepare("PRAGMA integrity_check").rows { $0.text(0) }
        }
    }

    /// Starts the check of the file at `path` on a thread of its own.
    init(path: String) {
        Thread { [outcome] in
            outcome.fulfil(Outcome { () throws(RecordingError) in try Self.run(on: try Recording(path: path)) })
        }.start()
    }

    /// Waits for the check and returns what it found.
    func result() throws(RecordingError) -> [String] {
        try outcome.wait().get()
    }
}
