import Foundation
import TestSupport
import Testing
import UDFDiff
import UDFJSON
import UDFLog

/// `export --format udf` keeps a step's stored keyframe or patch, hash and
/// size where redaction leaves the step (and, for a patch, the step before)
/// as recorded. The shortcut must mean what the plain path means: the same
/// copy made by re-encoding every step has the same states and hashes, and
/// both files verify, whatever the redaction hits and wherever the range starts.
@Suite struct KeptRowsExportTests {
    private static func redactors() throws -> [(String, Redactor)] {
        [
            ("no rules", .none),
            // The recorder already redacted the password: nothing changes again.
            ("the defaults", Redactor()),
            ("a key only states with todos have", Redactor(extraKeys: ["title"], includeDefaults: false)),
            // A path rule redacts each state whole, so no subtree is shared and nothing is kept.
            ("a path", Redactor(paths: [try JSONPath(parsing: ".todos[3].title")], includeDefaults: false)),
        ]
    }

    /// A copy of the workload made by this build, so its sessions store the
    /// tree hash an export's new session uses too.
    private static func source(in directory: TemporaryDirectory) throws -> String {
        let workload = try Recording(path: Fixtures.workload)
        let session = try workload.session(nil)
        let timeline = try workload.timeline(nil, in: session)
        let range = try workload.shareRange(nil, of: timeline)
        let shared = try workload.sharedSession(session, timeline: timeline, range: range, redactor: .none).session
        let path = directory.path("source.udf")
        try RecordingImporter(path: path).writeStandalone(session: shared) { emit in
            try workload.walkSharedSteps(timeline, range: range, redactor: .none) { try emit(SharedStep($0.input)) }
        }
        return path
    }

    @Test(arguments: 0..<4, [nil, 130...1_000])
    func aCopyKeepingStoredRowsEqualsOneEncodedAfresh(redactorIndex: Int, range: ClosedRange<Int>?) throws {
        let (name, redactor) = try Self.redactors()[redactorIndex]
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try Self.source(in: directory))
        let session = try recording.session(nil)
        let timeline = try recording.timeline(nil, in: session)
        let shareRange = try recording.shareRange(range, of: timeline)
        let shared = try recording.sharedSession(session, timeline: timeline, range: shareRange, redactor: redactor).session

        let kept = directory.path("kept.udf")
        let fresh = directory.path("fresh.udf")
        let keptSteps = try RecordingImporter(path: kept).writeStandalone(session: shared) { emit in
            try recording.walkSharedSteps(timeline, range: shareRange, redactor: redactor, emit)
        }
        let freshKept = try RecordingImporter(path: fresh).writeStandalone(session: shared) { emit in
            try recording.walkSharedSteps(timeline, range: shareRange, redactor: redactor) { try emit(SharedStep($0.input)) }
        }
        #expect(freshKept == 0)

        let keptRows = try Self.rows(kept)
        let freshRows = try Self.rows(fresh)
        #expect(keptRows.count == shareRange.exportedCount)
        #expect(keptRows.map(\.hash) == freshRows.map(\.hash), "\(name)")
        #expect(keptRows.map(\.size) == freshRows.map(\.size), "\(name)")
        #expect(keptRows.map(\.state) == freshRows.map(\.state), "\(name)")
        for path in [kept, fresh] {
            let report = try Recording(path: path).verify()
            #expect(report.problems.isEmpty, "\(name): \(report.problems)")
        }

        // What the plain redactor says is left as recorded: a keyframe may
        // keep its text, a patch only after a step also left as recorded
        // (and where the keyframe policy agrees, so at most this many).
        var keepable = 0
        var previousAsRecorded = false
        try recording.walk(timeline, range: shareRange.offset...shareRange.wanted.upperBound) { summary, state in
            let asRecorded = redactor.redact(state).count == 0
            if asRecorded, summary.isKeyframe || (summary.step > shareRange.offset && previousAsRecorded) { keepable += 1 }
            previousAsRecorded = asRecorded
            return true
        }
        #expect(keptSteps <= keepable, "\(name)")
        if redactor.hasPathRules {
            // A path rule redacts each state whole, sharing nothing, so nothing is kept.
            #expect(keptSteps == 0)
        } else if range == nil {
            #expect(keptSteps > 0, "\(name)")
            if keepable == shareRange.exportedCount { #expect(keptSteps == keepable, "\(name): a whole copy keeps every row") }
        }
    }

    private struct Row: Equatable {
        let hash: String
        let size: Int
        let state: [UInt8]
    }

    private static func rows(_ path: String) throws -> [Row] {
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        var rows: [Row] = []
        try recording.walk(timeline, verifyHashes: true) { summary, state in
            rows.append(Row(hash: summary.stateHash, size: summary.stateSize, state: state.canonicalBytes))
            return true
        }
        return rows
    }
}
