import Foundation
import TestSupport
import Testing
@testable import UDFLog
import UDFSQLite

/// A standalone copy (`export --format udf`, `import`) is written into a
/// hidden partial file that no reader knows of until it is renamed, so it
/// keeps a rollback journal: WAL would write every page twice, to the log
/// and then to the file. A file that exists may be followed while it is
/// written, and is written in WAL.
@Suite struct PartialFileJournalTests {
    @Test func aStandaloneCopyIsWrittenWithoutALog() throws {
        let directory = try TemporaryDirectory()
        let workload = try Recording(path: Fixtures.workload)
        let session = try workload.session(nil)
        let timeline = try workload.timeline(nil, in: session)
        let range = try workload.shareRange(nil, of: timeline)
        let shared = try workload.sharedSession(session, timeline: timeline, range: range, redactor: .none).session
        var filesWhileWriting: [String] = []
        let copy = directory.path("copy.udf")
        try RecordingImporter(path: copy).writeStandalone(session: shared) { emit in
            _ = try workload.walkSharedSteps(timeline, range: range, redactor: .none) { step in
                try emit(step)
                if step.input.step == 100 {
                    filesWhileWriting = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
                }
            }
        }
        // Mid-copy: the partial file, perhaps its journal, and no log.
        #expect(filesWhileWriting.contains { $0.hasSuffix(".partial") })
        #expect(!filesWhileWriting.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") }, "\(filesWhileWriting)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["copy.udf"])
        #expect(try Recording(path: copy).verify().problems == [])
    }

    @Test(arguments: [true, false])
    func aFollowedFileIsWrittenInWAL(followed: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.udf")
        let database = try RecordingFile.openForWriting(path, followed: followed)
        defer { database.close() }
        try database.write { db in
            try db.execute("INSERT INTO sessions (app, started_at, status, host, pid, keyframe_interval) VALUES ('a', 0, 'closed', 'h', 0, 64)")
        }
        #expect(try database.journalMode() == (followed ? .wal : .delete))
        #expect(FileManager.default.fileExists(atPath: path + "-wal") == followed)
    }
}
