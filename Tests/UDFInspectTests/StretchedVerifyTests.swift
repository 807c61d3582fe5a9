import Foundation
import TestSupport
import Testing
@testable import UDFLog
import UDFSQLite

/// `verify` checks a long timeline in stretches on several threads. Its
/// report must be the one a single walk gives, on sound files and on files
/// broken in each way `verify` reports: a wrong state, a cause that does not
/// precede its step, an index that disagrees, an action that does not
/// parse, in any stretch, and more problems than the index audit lists.
@Suite struct StretchedVerifyTests {
    /// `(name, SQL)`: each damages the 400-step recording of `ChangedMembersIndexTests.record`.
    static let damages: [(name: String, sql: String)] = [
        ("sound", ""),
        ("a wrong patch in a middle stretch", #"UPDATE steps SET patch = '[{"op":"add","path":"/plain","value":999}]' WHERE step = 250 AND patch IS NOT NULL"#),
        ("a wrong keyframe near the end", #"UPDATE steps SET keyframe = '{"plain":"x"}' WHERE step = (SELECT max(step) FROM steps WHERE keyframe IS NOT NULL)"#),
        ("causes that do not precede their steps", "UPDATE steps SET cause = step WHERE step IN (3, 90, 177, 333)"),
        ("a misshapen index row", "UPDATE changed_members SET steps = zeroblob(129) WHERE member = '/list'"),
        ("an action that is not JSON", #"UPDATE steps SET action = '{"tick":' WHERE step = 250"#),
    ]

    @Test(arguments: damages.map(\.name))
    func stretchesReportWhatOneWalkReports(_ name: String) throws {
        let directory = try TemporaryDirectory()
        let path = try ChangedMembersIndexTests.record(seed: 21, in: directory)
        let sql = try #require(Self.damages.first { $0.name == name }).sql
        if !sql.isEmpty {
            let database = try Database(path: path, mode: .readWrite)
            try database.execute(sql)
            database.close()
        }
        try Self.expectSameReports(path, sound: name == "sound")
    }

    /// An index whose entries disagree with its definition (a partial
    /// index turned to the rows it left out): SQLite's check reports it, and
    /// the schema check its text,
    /// on several threads beside the walk (the file is padded past 8 MiB,
    /// where it runs there). Its problems come first, up to ten, before the
    /// walk's, and the report is a single walk's.
    @Test func sqlitesProblemsComeFirstWhereverTheCheckRan() throws {
        let directory = try TemporaryDirectory()
        let path = try ChangedMembersIndexTests.record(seed: 23, in: directory)
        // Defensive connections refuse `writable_schema`; the shell does not.
        let damage = try Subprocess.sqlite3(path, """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_schema SET sql = 'CREATE INDEX steps_by_cause ON steps (timeline_id, cause) WHERE cause IS NULL' WHERE name = 'steps_by_cause';
            UPDATE steps SET cause = step WHERE step = 7;
            UPDATE sessions SET metadata = json_object('pad', hex(zeroblob(4500000)));
            """)
        #expect(damage.status == 0, "\(damage.stderr)")
        #expect(try #require(RecordingFile.fileSize(path)) > RecordingFile.quickCheckLimit)
        let report = try Self.expectSameReports(path, sound: false)
        #expect(!report.integrityOK)
        // Row 8 (step 7) has a cause now, so that index should not hold it.
        #expect(Array(report.problems.prefix(10)) == [1, 2, 3, 4, 5, 6, 7, 9, 10, 11].map { "integrity_check: row \($0) missing from index steps_by_cause" })
        #expect(Array(report.problems.dropFirst(10)) == [
            "schema: the index 'steps_by_cause' is not format 7's: 'cause) WHERE cause IS NULL' where format 7 has 'cause) WHERE cause IS NOT NULL'",
            "session 1, timeline 'main', step 7: cause 7 does not precede it",
        ])
    }

    /// More index problems than the audit lists (10), spread over every
    /// stretch, and rows for steps past the end: the first ten in step order.
    @Test func indexProblemsAreListedInStepOrderUpToTheLimit() throws {
        let directory = try TemporaryDirectory()
        let path = try ChangedMembersIndexTests.record(seed: 22, in: directory)
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        try ChangedMembersIndexTests.rewriteIndex(path, timelineID: timeline.id) { rows in
            rows.filter { $0.step % 29 != 0 } + [(405, "/plain"), (9_000, "/list")]
        }
        let report = try Self.expectSameReports(path, sound: false)
        #expect(report.problems.count == 10)
    }

    /// `--jobs` chooses the threads; less than 1, or with `--replay`, is a usage error.
    @Test func jobsIsCheckedLikeEveryOtherOption() async throws {
        let one = await InspectorHarness.run(["verify", Fixtures.demo, "--jobs", "1"])
        let two = await InspectorHarness.run(["verify", Fixtures.demo, "--jobs", "2", "--json"])
        #expect(one.status == 0 && two.status == 0)
        #expect(one.stdout == "ok: 1 session, 1 timeline, 14 steps, 5 keyframes; integrity_check ok; every state hash verified\n")
        for (arguments, message) in [
            (["--jobs", "0"], "'--jobs' must be 1 or more"),
            (["--replay", "--jobs", "2"], "'--jobs' does not apply to '--replay'"),
        ] {
            let result = await InspectorHarness.run(["verify", Fixtures.demo] + arguments)
            #expect(result.status == 64)
            #expect(result.stderr == "Error: \(message)\nUsage: udf-inspect verify <file> [options]\n  See 'udf-inspect verify --help' for more information.\n")
        }
    }

    /// Checks `path` with one walk and in stretches of 25 steps on 1, 2, 3
    /// and (asked for, not given) 1,000 threads, and expects every report to be the same.
    @discardableResult
    static func expectSameReports(_ path: String, sound: Bool) throws -> VerificationReport {
        let single = try Recording(path: path).verify(workers: 1, stretchSteps: .max)
        #expect(single.problems.isEmpty == sound, "\(single.problems)")
        #expect(single.steps > 0)
        for workers in [1, 2, 3, 1_000] {
            let stretched = try Recording(path: path).verify(workers: workers, stretchSteps: 25)
            #expect(stretched == single, "\(workers) workers")
        }
        return single
    }
}
