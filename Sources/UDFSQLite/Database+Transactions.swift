extension Database {
    /// Runs `body` in one write transaction, rolled back if it throws.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so a conflict with
    /// another writer shows at the start (and waits for the busy timeout)
    /// instead of failing halfway through (https://sqlite.org/lang_transaction.html).
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body(self)
            try execute("COMMIT")
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK")
            }
            throw error
        }
        applyJournalModeAfterCommit()
        return result
    }

    /// Runs `body` in one read transaction, so that every query in it sees the
    /// same snapshot of a file that a recorder may be appending to.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        if isInTransaction {
            return try body(self)
        }
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body(self)
    }
}
