import Foundation
import Synchronization
import TestSupport
import Testing
import UDFSQLite

/// Migrations run in order, each once, on one connection or two racing ones.
@Suite struct MigratorTests {
    /// Three migrations; each creates a table (so running one twice fails)
    /// and logs its name.
    static func migrator(pauseMicroseconds: UInt32 = 0) -> Migrator {
        Migrator((1...3).map { n in
            Migrator.Migration("v\(n)") { db in
                // Holds the write lock a moment, so a racing connection waits for it.
                usleep(pauseMicroseconds)
                try db.execute("CREATE TABLE t\(n) (v); CREATE TABLE IF NOT EXISTS log (name TEXT)")
                try db.prepare("INSERT INTO log VALUES (?)").execute(["v\(n)"])
            }
        })
    }

    static func log(_ db: Database) throws -> [String] {
        try db.prepare("SELECT name FROM log ORDER BY rowid").rows { $0.text(0) }
    }

    @Test func migrationsRunInOrderAndReportTheirNames() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("m.db"), mode: .create)
        #expect(try Self.migrator().migrate(database) == ["v1", "v2", "v3"])
        #expect(try Self.log(database) == ["v1", "v2", "v3"])
        #expect(try database.scalarInt("PRAGMA user_version") == 3)
        #expect(try Self.migrator().migrate(database) == [])
        #expect(try Self.log(database) == ["v1", "v2", "v3"])
    }

    @Test func anOlderFileRunsOnlyTheMigrationsItLacks() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("m.db"), mode: .create)
        try Migrator(Array(Self.migrator().migrations.prefix(1))).migrate(database)
        #expect(try database.scalarInt("PRAGMA user_version") == 1)
        #expect(try Self.migrator().migrate(database) == ["v2", "v3"])
        #expect(try Self.log(database) == ["v1", "v2", "v3"])
    }

    @Test func aNewerFileIsRefusedAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("m.db"), mode: .create)
        try database.execute("PRAGMA user_version = 5")
        let error = try #require(throws: MigrationError.self) { try Self.migrator().migrate(database) }
        #expect(error == .newerVersion(found: 5, supported: 3))
        #expect(error.description == "format version 5 is newer than this build supports (3); upgrade udf-timetravel")
        #expect(try database.scalarInt("PRAGMA user_version") == 5)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema") == 0)
    }

    @Test func aFailingMigrationKeepsTheOnesBeforeItAndNothingOfItself() throws {
        struct Broken: Error {}
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("m.db"), mode: .create)
        var migrations = Self.migrator().migrations
        migrations[1] = .init("v2") { db in
            try db.execute("CREATE TABLE t2 (v)")
            throw Broken()
        }
        #expect(throws: Broken.self) { try Migrator(migrations).migrate(database) }
        #expect(try database.scalarInt("PRAGMA user_version") == 1)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 't2'") == 0)
        #expect(try Self.migrator().migrate(database) == ["v2", "v3"])
    }

    /// Two connections on two threads migrate one new file at the same moment:
    /// each migration runs exactly once, and neither fails. A migration that
    /// ran twice would fail on its CREATE TABLE.
    @Test func twoConnectionsRacingMigrateOnce() throws {
        let rounds = 10
        var raced = 0
        for round in 1...rounds {
            let directory = try TemporaryDirectory()
            let path = directory.path("race.db")
            try Database(path: path, mode: .create).close()
            let results = try MigrationRace.run(path: path, migrator: Self.migrator(pauseMicroseconds: 5_000))
            #expect(results.allSatisfy { $0.error == nil }, "round \(round): \(results.map(\.error))")
            #expect(results.flatMap(\.applied).sorted() == ["v1", "v2", "v3"], "round \(round): \(results.map(\.applied))")
            let database = try Database(path: path, mode: .readOnly)
            #expect(try Self.log(database) == ["v1", "v2", "v3"])
            #expect(try database.scalarInt("PRAGMA user_version") == 3)
            if results.allSatisfy({ $0.versionSeen == 0 }) { raced += 1 }
        }
        // Both read version 0 at the starting line: the race was on.
        #expect(raced > 0, "the two connections never overlapped in \(rounds) rounds")
    }

    /// Two `todo-example` hosts record into one new file at once: each runs
    /// the recording format's migrator on its own connection, in its own
    /// process. The schema is created once and both hosts succeed.
    @Test func twoProcessesCreatingOneFileMigrateItOnce() throws {
        for round in 1...3 {
            let directory = try TemporaryDirectory()
            let path = directory.path("hosts.udf")
            let hosts = try (1...2).map { seed in
                try Subprocess(Executables.todoExample, ["workload", path, "--actions", "20", "--seed", "\(seed)"])
            }
            for outcome in hosts.map({ $0.wait(seconds: 120) }) {
                #expect(outcome.exited && outcome.status == 0, "round \(round): \(outcome.stderr)")
                #expect(outcome.stderr == "", "round \(round)")
            }
            let database = try Database(path: path, mode: .readOnly)
            #expect(try database.scalarInt("PRAGMA user_version") == 7)
            #expect(try database.scalarInt("PRAGMA application_id") == 0x5544_4631)
            let schema = try database.prepare("SELECT type || ' ' || name FROM sqlite_schema ORDER BY rowid").rows { $0.text(0) }
            #expect(schema == [
                "table sessions", "table timelines", "index sqlite_autoindex_timelines_1", "table steps",
                "index steps_by_timeline", "index steps_by_action_name", "index steps_by_cause", "index steps_keyframes",
                "index sessions_by_uuid", "table changed_members", "table changed_operations",
                "index sqlite_autoindex_changed_operations_1",
            ], "round \(round)")
            #expect(try database.scalarInt("SELECT count(*) FROM sessions WHERE status = 'closed'") == 2)
            #expect(try database.scalarText("PRAGMA integrity_check") == "ok")
        }
    }
}

/// Two threads, each with its own connection, released together to migrate.
enum MigrationRace {
    struct Result: Sendable {
        var versionSeen = -1
        var applied: [String] = []
        var error: String?
    }

    static func run(path: String, migrator: Migrator) throws -> [Result] {
        let results = Mutex([Result(), Result()])
        let ready = Atomic(0)
        let done = DispatchGroup()
        for index in 0..<2 {
            done.enter()
            Thread {
                defer { done.leave() }
                var result = Result()
                do {
                    let database = try Database(path: path, mode: .readWrite)
                    database.setBusyTimeout(milliseconds: 10_000)
                    // Both threads start together, once both connections are open.
                    ready.add(1, ordering: .sequentiallyConsistent)
                    while ready.load(ordering: .sequentiallyConsistent) < 2 { sched_yield() }
                    result.versionSeen = try database.scalarInt("PRAGMA user_version") ?? -1
                    result.applied = try migrator.migrate(database)
                } catch {
                    result.error = "\(error)"
                }
                results.withLock { $0[index] = result }
            }.start()
        }
        done.wait()
        return results.withLock { $0 }
    }
}

/// `migrate(inTransaction:)` commits with the caller's write, or not at all.
@Suite struct MigratorInTransactionTests {
    static let migrator = Migrator([
        .init("one") { db in try db.execute("CREATE TABLE one (x)") },
        .init("two") { db in try db.execute("ALTER TABLE one ADD COLUMN y") },
    ])

    struct Refused: Error {}

    @Test func aFailedWriteRollsTheMigrationBackAndASuccessfulOneKeepsIt() throws {
        let directory = try TemporaryDirectory()
        let database = try Database(path: directory.path("m.db"), mode: .create)
        #expect(throws: Refused.self) {
            try database.write { db throws -> Void in
                _ = try Self.migrator.migrate(inTransaction: db)
                throw Refused()
            }
        }
        #expect(try database.scalarInt("PRAGMA user_version") == 0)
        #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema") == 0)
        let applied = try database.write { db throws -> [String] in
            let applied = try Self.migrator.migrate(inTransaction: db)
            try db.execute("INSERT INTO one (x, y) VALUES (1, 2)")
            return applied
        }
        #expect(applied == ["one", "two"])
        #expect(try database.scalarInt("PRAGMA user_version") == 2)
        let again = try database.write { db throws -> [String] in try Self.migrator.migrate(inTransaction: db) }
        #expect(again == [])
    }
}
