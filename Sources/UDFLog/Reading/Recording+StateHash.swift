import UDFSQLite

extension Recording {
    /// Which hash the steps of session `id` store: the session's own, for
    /// every timeline of it; the text hash for every session of a v1–v3 file.
    ///
    /// - Throws: `RecordingError.invalidFile` for an algorithm this build does not know.
    public func stateHashAlgorithm(ofSession id: Int) throws(RecordingError) -> StateHashAlgorithm {
        guard formatVersion >= RecordingFormat.stateHashAlgorithmVersion else { return .canonicalText }
        let stored = try query { db in
            try db.prepare("SELECT state_hash FROM sessions WHERE id = ?").firstRow([id]) { $0.optionalText(0) }
        }
        guard let algorithm = StateHashAlgorithm(stored: stored ?? nil) else {
            throw RecordingError.invalidFile(
                path: path, reason: "session \(id) uses the state hash '\(stored.flatMap { $0 } ?? "")', which this build does not know"
            )
        }
        return algorithm
    }
}
