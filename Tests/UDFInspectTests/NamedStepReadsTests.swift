import Foundation
import TestSupport
import Testing
@testable import UDFInspect
@testable import UDFLog
import UDFJSON
import UDFSQLite

/// `blame` and `find` read the steps the index names at the row ids they
/// would have if the timeline's rows followed one another, as a recorder
/// writes them; a row found there counts only when it is on the timeline
/// and is the step expected. The format promises no order of row ids, so a
/// file whose rows were moved, swapped with each other or with another
/// timeline's must read exactly as before, through the index.
@Suite struct NamedStepReadsTests {
    /// What `storedBytes` visits of `range`, and how the cursor found the named steps.
    static func read(
        _ path: String, timeline name: String?, range: ClosedRange<Int>, keys: ChangeIndexKeys
    ) throws -> (visited: [String], byRowID: Int, byIndex: Int) {
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(name, in: try recording.session(nil))
        var visited: [String] = []
        try recording.storedBytes(on: timeline, range: range, touching: keys) { step, stored in
            switch stored {
            case .keyframe(let bytes): visited.append("\(step) keyframe \(String(decoding: bytes, as: UTF8.self))")
            case .patch(let bytes): visited.append("\(step) patch \(String(decoding: bytes, as: UTF8.self))")
            case .operations(let patch): visited.append("\(step) operations \(patch.canonicalText)")
            }
            return true
        }
        let reads = try recording.cursor(for: timeline).namedStepReads
        return (visited, reads.byRowID, reads.byIndex)
    }

    @Test func rowsMovedOrSwappedReadAsBefore() throws {
        let directory = try TemporaryDirectory()
        let path = try MemberChildrenIndexTests.record(seed: 51, reshapes: 2, in: directory)
        do {
            let recording = try Recording(path: path)
            let main = try recording.timeline(nil, in: try recording.session(nil))
            try ChangedMembersIndexTests.branchReversingMain(path, from: recording, main: main, at: 300)
        }
        let moved = try directory.copy(path, as: "moved.udf")
        let database = try Database(path: moved, mode: .readWrite)
        func id(_ timeline: String, _ step: Int) throws -> Int {
            try #require(try database.prepare("""
                SELECT steps.id FROM steps JOIN timelines ON timelines.id = steps.timeline_id WHERE timelines.name = ? AND step = ?
                """).firstRow([timeline, step]) { $0.int(0) })
        }
        func swap(_ a: Int, _ b: Int) throws {
            try database.execute("UPDATE steps SET id = -1 WHERE id = \(a)")
            try database.execute("UPDATE steps SET id = \(a) WHERE id = \(b)")
            try database.execute("UPDATE steps SET id = \(b) WHERE id = -1")
        }
        // Two steps of main trade places; a step of main trades with one of
        // the branch; a run of main moves past every row.
        try swap(try id("main", 100), try id("main", 140))
        try swap(try id("main", 200), try id("later", 400))
        for step in 250...260 {
            try database.execute("UPDATE steps SET id = id + 1000000 WHERE id = \(try id("main", step))")
        }
        database.close()

        let keys: [(String, ChangeIndexKeys)] = [
            ("rows[2]", .children([(member: "rows", child: "2")])), ("rows", .members(["rows"])), ("dict", .members(["dict"])),
        ]
        var fellBack = 0
        for (name, keys) in keys {
            // Each range starts just before one of the moves, so each is met first somewhere.
            for range in [0...599, 120...599, 150...599, 205...599, 255...599, 262...599] {
                for timeline in [nil, "later"] {
                    let before = try Self.read(path, timeline: timeline, range: range, keys: keys)
                    let after = try Self.read(moved, timeline: timeline, range: range, keys: keys)
                    let label = "\(name), \(timeline ?? "main"), \(range)"
                    #expect(after.visited == before.visited, "\(label)")
                    #expect(!before.visited.isEmpty, "\(label)")
                    #expect(before.byIndex == 0, "rows written in order are all found by id: \(label)")
                    fellBack += after.byIndex
                }
            }
        }
        #expect(fellBack > 0, "the moved rows were looked up in the index")

        let recording = try Recording(path: moved)
        let session = try recording.session(nil)
        #expect(try recording.verify().problems == [])
        for name in ["main", "later"] {
            try MemberChildrenIndexTests.expectBlameAsWalking(
                MemberChildrenIndexTests.paths, in: recording, on: try recording.timeline(name, in: session), "rows moved, \(name)"
            )
        }
    }

    /// A file whose rows are all out of order reads as before, and stops
    /// foretelling ids after the first query that finds fewer than half its
    /// steps there: it pays for one such query a walk, not one every 512
    /// steps.
    @Test func rowsOutOfOrderEverywhereStopTheForetelling() throws {
        let directory = try TemporaryDirectory()
        // `a` changes every third step: its steps are read by number, in
        // two queries and more.
        let path = directory.path("thirds.udf")
        let writer = try RecordingWriter(path: path, app: "Thirds")
        func input(_ step: Int) -> StepInput {
            let action: JSONValue? = step == 0 ? nil : .object(["tick": .number(JSONNumber(step))])
            let state: JSONValue = .object(["a": .number(JSONNumber(step / 3)), "b": .number(JSONNumber(step))])
            return StepInput(step: step, time: Date(timeIntervalSince1970: 1_700_000_000 + Double(step)), action: action,
                             actionName: step == 0 ? nil : "tick", cause: nil, reducerNanoseconds: nil, state: state)
        }
        try writer.append((0..<3_000).map(input))
        try writer.close()
        let keys = ChangeIndexKeys.members(["a"])
        let before = try Self.read(path, timeline: nil, range: 0...2_999, keys: keys)
        #expect(before.byIndex == 0)
        #expect(before.byRowID > IndexedReads.stepsPerQuery, "more than one query's worth: \(before.byRowID)")
        // Every row id doubled: a foretold id may hold another named step,
        // which counts when it is the one expected. Every row id reversed:
        // the first query finds its first step alone. Reversed at the top
        // of SQLite's range: the ids foretold past the first would pass
        // 2^63 - 1, so none is asked for.
        for (name, rewrite) in [("doubled", "-id * 2"), ("reversed", "100000 + id"), ("at the top", "9223372036854775807 + id")] {
            let copy = try directory.copy(path, as: "\(name).udf")
            let database = try Database(path: copy, mode: .readWrite)
            try database.execute("UPDATE steps SET id = -id")
            try database.execute("UPDATE steps SET id = \(rewrite)")
            database.close()
            let after = try Self.read(copy, timeline: nil, range: 0...2_999, keys: keys)
            #expect(after.visited == before.visited, "\(name)")
            #expect(after.byIndex + after.byRowID == before.byRowID, "\(name)")
            if name == "reversed" {
                #expect(after.byRowID == 1, "found by id until the first query fell back: \(after.byRowID)")
            }
            if name == "at the top" {
                #expect(after.byRowID == 0, "no id past 2^63 - 1 was foretold: \(after.byRowID)")
            }
        }
    }
}
