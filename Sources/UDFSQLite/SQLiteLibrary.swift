import CSQLite

/// Settings of the SQLite library for a whole process.
///
/// They hold only when made before the process's first connection, and they
/// change every user of SQLite in it: for the inspector's own process only,
/// never for a host that embeds the recorder (it may use SQLite itself).
public enum SQLiteLibrary {
    /// Stops SQLite counting the memory it allocates.
    ///
    /// Counted, every allocation and free takes a process-wide mutex, even
    /// on connections opened with `SQLITE_OPEN_NOMUTEX`: a copy of a million
    /// rows makes millions. Nothing here reads the counts
    /// (`sqlite3_memory_used`). Returns false when it came too late: SQLite
    /// was already in use, and keeps counting.
    @discardableResult
    public static func stopCountingMemory() -> Bool {
        udf_sqlite3_config_int(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK
    }
}
