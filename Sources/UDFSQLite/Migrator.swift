/// Applies named schema migrations in order, and records which have run.
///
/// The format version lives in `PRAGMA user_version`: migration *n* (1-based)
/// brings the file to version *n*. A file with a higher version than this
/// build knows is refused, never touched.
public struct Migrator: Sendable {
    public struct Migration: Sendable {
        public let name: String
        public let apply: @Sendable (Database) throws -> Void

        public init(_ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
            self.name = name
            self.apply = apply
        }
    }

    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// The version a fully migrated file has.
    public var currentVersion: Int { migrations.count }

    /// Runs every migration the file has not seen, each in its own transaction.
    /// Returns the names of the migrations that ran.
    @discardableResult
    public func migrate(_ database: Database) throws -> [String] {
        let version = try database.scalarInt("PRAGMA user_version") ?? 0
        guard version <= currentVersion else {
            throw MigrationError.newerVersion(found: version, supported: currentVersion)
        }
        var applied: [String] = []
        for (offset, migration) in migrations.enumerated() where offset >= version {
            let ran = try database.write { db -> Bool in
                // Two hosts may create one file at once: the version read
                // above is stale once the other one holds the write lock, so
                // it is read again under the lock.
                guard try db.scalarInt("PRAGMA user_version") ?? 0 == offset else { return false }
                try migration.apply(db)
                try db.execute("PRAGMA user_version = \(offset + 1)")
                return true
            }
            if ran { applied.append(migration.name) }
        }
        return applied
    }

    /// Runs every migration the file has not seen inside the caller's
    /// transaction, so that they commit with the caller's first write, or
    /// roll back with it and leave the file as it was.
    @discardableResult
    public func migrate(inTransaction db: Database) throws -> [String] {
        let version = try db.scalarInt("PRAGMA user_version") ?? 0
        guard version <= currentVersion else {
            throw MigrationError.newerVersion(found: version, supported: currentVersion)
        }
        var applied: [String] = []
        for (offset, migration) in migrations.enumerated() where offset >= version {
            try migration.apply(db)
            try db.execute("PRAGMA user_version = \(offset + 1)")
            applied.append(migration.name)
        }
        return applied
    }
}

/// Why a file's schema cannot be brought up to date.
public enum MigrationError: Error, CustomStringConvertible, Equatable {
    case newerVersion(found: Int, supported: Int)

    public var description: String {
        switch self {
        case .newerVersion(let found, let supported):
            "format version \(found) is newer than this build supports (\(supported)); upgrade udf-timetravel"
        }
    }
}
