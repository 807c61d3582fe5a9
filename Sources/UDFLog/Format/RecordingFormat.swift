import UDFSQLite

/// The recording file's identity and schema: the contract in `docs/format.md`.
public enum RecordingFormat {
    /// `PRAGMA application_id`: the ASCII bytes "UDF1".
    public static let applicationID: Int32 = 0x5544_4631

    /// `PRAGMA user_version` of a file written by this build.
    public static var version: Int { migrator.currentVersion }

    /// The first 16 bytes of every SQLite database file.
    static let sqliteHeader: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// Whether the file at `path` begins as every SQLite database does;
    /// false when it cannot be read.
    public static func startsAsSQLite(_ path: String) -> Bool {
        RecordingFile.firstBytes(of: path)?.starts(with: sqliteHeader) ?? false
    }

    /// Schema migrations, in order. Never edit a released one; append instead.
    static let migrator = Migrator([
        .init("v1: sessions, timelines, steps") { db in
            try db.execute(schemaV1)
        },
        .init("v2: session identity") { db in
            try db.execute(schemaV2)
        },
        .init("v3: reflected sessions") { db in
            try db.execute(schemaV3)
        },
        .init("v4: per-session state hash algorithm") { db in
            try db.execute(schemaV4)
        },
        .init("v5: changed-members index") { db in
            try db.execute(schemaV5)
        },
        .init("v6: changed-members index of members' children, and how far it goes") { db in
            try db.execute(schemaV6)
        },
        .init("v7: the operations of each step under a member's child") { db in
            try db.execute(schemaV7)
        },
    ])

    /// Migrates an older file forward inside a writer's transaction: called
    /// first thing in every transaction that may be a writer's first.
    static func bringUpToDate(_ db: Database) throws {
        try migrator.migrate(inTransaction: db)
    }

    /// The first version whose sessions store `uuid`, `app_version` and `os`.
    static let sessionIdentityVersion = 2

    /// The first version whose sessions store which values were reflected.
    static let reflectionVersion = 3

    /// The first version whose sessions store which hash their steps use.
    static let stateHashAlgorithmVersion = 4

    /// The first version with the changed-members index.
    static let changedMembersVersion = 5

    /// The first version whose timelines say how far their index goes.
    static let indexedThroughVersion = 6

    /// The first version whose index rows may hold their steps' operations.
    static let childOperationsVersion = 7

    /// A new table, empty: timelines created from v7 on keep there the
    /// operations of each step under each member's child it writes in
    /// (`changes_indexed` = 3); older timelines keep their depth, and
    /// readers read their rows. A table of its own, with row ids: rows of a
    /// few KB would spill out of a `WITHOUT ROWID` table's pages.
    static let schemaV7 = """
        CREATE TABLE changed_operations (
            timeline_id INTEGER NOT NULL REFERENCES timelines(id),
            member TEXT NOT NULL,
            first_step INTEGER NOT NULL,
            operations BLOB NOT NULL,
            UNIQUE (timeline_id, member, first_step)
        );
        """

    /// One nullable column: null, on an indexed timeline, means every step
    /// is indexed, true of every v5 timeline. Timelines created from v6 on
    /// index members' children too (`changes_indexed` = 2) and say how far
    /// their rows go; older ones keep their rows and their values.
    static let schemaV6 = """
        ALTER TABLE timelines ADD COLUMN indexed_through INTEGER;
        """

    /// A new table, empty, and one nullable column: null means "not indexed",
    /// true of every older timeline, whose readers scan every row as before.
    /// Building the index for old rows would parse every patch in a host's
    /// first write, so only timelines created from here on are indexed.
    static let schemaV5 = """
        CREATE TABLE changed_members (
            timeline_id INTEGER NOT NULL REFERENCES timelines(id),
            member TEXT NOT NULL,
            first_step INTEGER NOT NULL,
            steps BLOB NOT NULL,
            PRIMARY KEY (timeline_id, member, first_step)
        ) WITHOUT ROWID;
        ALTER TABLE timelines ADD COLUMN changes_indexed INTEGER;
        """

    /// One nullable column: null, the default, is the canonical-text FNV-1a
    /// of v1–v3, so every older session keeps its algorithm; new sessions
    /// store `tree` (`StateHashAlgorithm`).
    static let schemaV4 = """
        ALTER TABLE sessions ADD COLUMN state_hash TEXT;
        """

    /// One nullable column: null, the default, reads as "nothing reflected",
    /// which is true of every older session (reflection came with v3).
    static let schemaV3 = """
        ALTER TABLE sessions ADD COLUMN reflected TEXT;
        """

    /// Adds columns only: a v1 session keeps null in them, and readers derive
    /// its identity (`SessionIdentity.derived`), so migrating a file changes
    /// no session's identity.
    static let schemaV2 = """
        ALTER TABLE sessions ADD COLUMN uuid TEXT;
        ALTER TABLE sessions ADD COLUMN app_version TEXT;
        ALTER TABLE sessions ADD COLUMN os TEXT;
        CREATE UNIQUE INDEX sessions_by_uuid ON sessions (uuid) WHERE uuid IS NOT NULL;
        """

    static let schemaV1 = """
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            app TEXT NOT NULL,
            started_at REAL NOT NULL,
            ended_at REAL,
            status TEXT NOT NULL CHECK (status IN ('recording', 'closed', 'interrupted')),
            host TEXT NOT NULL,
            pid INTEGER NOT NULL,
            keyframe_interval INTEGER NOT NULL,
            metadata TEXT
        );
        CREATE TABLE timelines (
            id INTEGER PRIMARY KEY,
            session_id INTEGER NOT NULL REFERENCES sessions(id),
            name TEXT NOT NULL,
            parent_id INTEGER REFERENCES timelines(id),
            fork_step INTEGER,
            created_at REAL NOT NULL,
            UNIQUE (session_id, name),
            CHECK ((parent_id IS NULL) = (fork_step IS NULL))
        );
        CREATE TABLE steps (
            id INTEGER PRIMARY KEY,
            timeline_id INTEGER NOT NULL REFERENCES timelines(id),
            step INTEGER NOT NULL,
            time REAL NOT NULL,
            action TEXT,
            action_name TEXT,
            cause INTEGER,
            duration_ns INTEGER,
            keyframe TEXT,
            patch TEXT,
            state_hash TEXT NOT NULL,
            state_size INTEGER NOT NULL,
            CHECK ((keyframe IS NULL) != (patch IS NULL))
        );
        CREATE UNIQUE INDEX steps_by_timeline ON steps (timeline_id, step);
        CREATE INDEX steps_by_action_name ON steps (timeline_id, action_name, step);
        CREATE INDEX steps_by_cause ON steps (timeline_id, cause) WHERE cause IS NOT NULL;
        CREATE INDEX steps_keyframes ON steps (timeline_id, step) WHERE keyframe IS NOT NULL;
        """
}
