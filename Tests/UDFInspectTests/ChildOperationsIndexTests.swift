import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
@testable import UDFLog
import UDFSQLite

/// Format v7 keeps, beside the bitmap of each member's child, the
/// operations each patch step made under it (`changed_operations`), so that
/// `find` about `.rows[2].n` reads those instead of the steps' rows. The
/// operations must change the child as the whole patch does; a step they
/// cannot describe (a keyframe, a move or copy, a reshape) is read whole;
/// and `verify` must catch operations that are not the patch's.
@Suite struct ChildOperationsIndexTests {
    /// The steps `storedBytes` hands over as operations for `keys`, and all it hands over.
    static func delivered(_ recording: Recording, _ timeline: TimelineInfo, _ keys: ChangeIndexKeys) throws -> (operations: Int, all: [String]) {
        var operations = 0
        var all: [String] = []
        try recording.storedBytes(on: timeline, range: 0...timeline.lastStep, touching: keys) { step, stored in
            switch stored {
            case .keyframe: all.append("\(step) keyframe")
            case .patch: all.append("\(step) patch")
            case .operations:
                operations += 1
                all.append("\(step) operations")
            }
            return true
        }
        return (operations, all)
    }

    /// `MemberChildrenIndexTests`' recording for `seed`, opened, with its main timeline.
    static func recorded(seed: UInt64, reshapes: Int, in directory: TemporaryDirectory) throws -> (String, Recording, TimelineInfo) {
        let path = try MemberChildrenIndexTests.record(seed: seed, reshapes: reshapes, in: directory)
        let recording = try Recording(path: path)
        return (path, recording, try recording.timeline(nil, in: try recording.session(nil)))
    }

    static func finds(_ recording: Recording, _ timeline: TimelineInfo) throws -> [[Int]] {
        try MemberChildrenIndexTests.paths.flatMap { text in
            try [try Predicate.parse("\(text) exists"), try Predicate.parse("\(text) == 7")].map { predicate in
                try StepSearch(predicate: predicate, range: 0...timeline.lastStep, eligible: nil, becomes: true, all: true, narrowing: .always)
                    .run(in: recording, on: timeline).steps
            }
        }
    }

    /// The same answers from the kept operations, from the rows alone (the
    /// table emptied), and from walking every state; and most steps of a
    /// child edited in place come from the operations.
    @Test(arguments: [(UInt64(31), 2), (32, 20)])
    func findFromTheKeptOperationsAnswersAsFromTheRows(_ seed: UInt64, _ reshapes: Int) throws {
        let directory = try TemporaryDirectory()
        let (path, recording, timeline) = try Self.recorded(seed: seed, reshapes: reshapes, in: directory)
        #expect(try recording.verify().problems == [])
        let keys = ChangeIndexKeys.children([("rows", "2")])
        let described = try Self.delivered(recording, timeline, keys)
        #expect(described.operations > 10, "seed \(seed): \(described.all)")
        let fromOperations = try Self.finds(recording, timeline)

        let rowsOnly = directory.path("rows-only.udf")
        try FileManager.default.copyItem(atPath: path, toPath: rowsOnly)
        let database = try Database(path: rowsOnly, mode: .readWrite)
        try database.execute("DELETE FROM changed_operations")
        database.close()
        let plain = try Recording(path: rowsOnly)
        #expect(try Self.delivered(plain, timeline, keys).operations == 0)
        #expect(try Self.finds(plain, timeline) == fromOperations, "seed \(seed)")

        let walk = try WalkedStates(recording, timeline)
        let walked = try MemberChildrenIndexTests.paths.flatMap { text in
            let predicates = [try Predicate.parse("\(text) exists"), try Predicate.parse("\(text) == 7")]
            return predicates.map { walk.answers($0, in: 0...timeline.lastStep, becomes: true) }
        }
        #expect(fromOperations == walked, "seed \(seed)")
    }

    /// `blame` takes the changes at described steps from the operations and
    /// reads their summaries many at a time: the same changes, summaries
    /// included, as walking every state, with the summaries read one,
    /// three or 512 at a time, and when the reader stops part way.
    @Test(arguments: [(UInt64(31), 2), (32, 20)])
    func blameFromTheKeptOperationsAnswersAsWalking(_ seed: UInt64, _ reshapes: Int) throws {
        let directory = try TemporaryDirectory()
        let (_, recording, timeline) = try Self.recorded(seed: seed, reshapes: reshapes, in: directory)
        // A described step comes without its row, so without its summary.
        var described = 0
        try recording.storedBytesWithSummaries(on: timeline, range: 0...timeline.lastStep, touching: .children([("rows", "2")])) { _, stored, summary in
            if case .operations = stored {
                described += 1
                #expect(summary == nil)
            } else {
                #expect(summary != nil)
            }
            return true
        }
        #expect(described > 10, "seed \(seed)")
        for text in MemberChildrenIndexTests.paths {
            let walked = try PathBlame(path: try JSONPath(parsing: text))
                .changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
            for perRead in [1, 3, 512] {
                var blame = PathBlame(path: try JSONPath(parsing: text), narrowing: .always)
                blame.summariesPerRead = perRead
                let read = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches)
                #expect(read.changes == walked.changes, "blame \(text), \(perRead) a read, seed \(seed)")
                #expect(read.everSelected == walked.everSelected, "blame \(text), seed \(seed)")
                for stop in [1, 4] {
                    var delivered: [PathBlame.Change] = []
                    _ = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches, rows: { { $0 } }) { change in
                        delivered.append(change)
                        return delivered.count < stop
                    }
                    #expect(delivered == Array(walked.changes.prefix(stop)), "blame \(text) stopped after \(stop), seed \(seed)")
                }
            }
        }
    }

    /// Each child keeps its own operations in order, read back with the
    /// tokens below the child, empty ones too; `test`s are left out, and a
    /// child a `move` or `copy` names keeps none.
    @Test func theScanKeepsEachChildsOperationsAndNotThoseOfAMoveOrCopy() throws {
        let text = #"[{"op":"replace","path":"/a/0/x","value":1},{"op":"test","path":"/a/1","value":2},"#
            + #"{"op":"add","path":"/a/0/y/-","value":"s"},{"op":"remove","path":"/b/k/z"},"#
            + #"{"from":"/a/2/q","op":"copy","path":"/c/d/e"},{"op":"replace","path":"/a/3","value":{"n":1}},"#
            + #"{"op":"replace","path":"/t/\#u{F1}","value":null},{"op":"remove","path":"/t/n\#u{303}/0"},"#
            + #"{"from":"/t/n\#u{303}/1","op":"move","path":"/t/n\#u{303}/2"},{"op":"replace","path":"/a/4//","value":true}]"#
        let scanned = try #require(StoredTextScan.scan(canonicalPatch: Array(text.utf8)))
        #expect(scanned.keys == ["/a", "/a/0", "/a/1", "/b", "/b/k", "/a/2", "/c", "/c/d", "/a/3", "/t", "/t/\u{F1}", "/t/n\u{303}", "/a/4"])
        let decoded = try scanned.childOperations.map { key, bytes in
            (key, try #require(ChildOperationsBlob.operations(bytes[...], child: try JSONPointer(parsing: key).tokens)))
        }
        func pointer(_ text: String) throws -> JSONPointer { try JSONPointer(parsing: text) }
        // The NFD twin of `/t/\u{F1}` is another child, and a move names it: it keeps none.
        #expect(decoded.map(\.0) == ["/a/0", "/a/1", "/b/k", "/a/3", "/t/\u{F1}", "/a/4"])
        #expect(decoded.map(\.1) == [
            [.replace(path: try pointer("/a/0/x"), value: 1), .add(path: try pointer("/a/0/y/-"), value: "s")],
            [],
            [.remove(path: try pointer("/b/k/z"))],
            [.replace(path: try pointer("/a/3"), value: ["n": 1])],
            [.replace(path: try pointer("/t/\u{F1}"), value: .null)],
            // Empty tokens below the child are tokens too.
            [.replace(path: try pointer("/a/4//"), value: true)],
        ])
    }

    /// Kept operations that are not the patch's, missing, misshapen,
    /// under another child or kept for a step the index does not name under
    /// their child are each reported; a misshapen blob is not read, so `find` still answers.
    @Test func verifyFindsKeptOperationsThatAreNotThePatchs() throws {
        let directory = try TemporaryDirectory()
        let path = try MemberChildrenIndexTests.record(seed: 33, reshapes: 0, in: directory)
        let original = try Recording(path: path)
        let timeline = try original.timeline(nil, in: try original.session(nil))
        let answers = try Self.finds(original, timeline)
        let rows = try original.query { db in try ChangedMembersTable.operationRows(timelineID: timeline.id, db: db) }
        let row = try #require(rows.first { $0.member == "/rows/2" && $0.firstStep == 0 })
        let entries = try #require(ChildOperationsBlob.entries(row.operations))
        let step = try #require(entries.first).offset

        func damaged(_ name: String, _ sql: String, _ values: [any SQLiteBindable]) throws -> Recording {
            let copy = directory.path("\(name).udf")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let database = try Database(path: copy, mode: .readWrite)
            try database.write { db in try db.prepare(sql).execute(values) }
            database.close()
            return try Recording(path: copy)
        }
        let problem = "session 1, timeline 'main', step \(step): "

        // Another value for the row's first step.
        var other: [UInt8] = []
        ChildOperationsBlob.append(offset: step, operations: [UInt8(ascii: "p")] + Array("\u{2}/n\u{3}\"x\"".utf8), to: &other)
        let rest = Array(row.operations[(entries[0].operations.endIndex)...])
        let changed = try damaged("changed", "UPDATE changed_operations SET operations = ? WHERE member = '/rows/2' AND first_step = 0", [SQLiteValue.blob(other + rest)])
        #expect(try changed.verify().problems == [problem + "the operations the changed-members index keeps under /rows/2 are not the patch's"])

        let missing = try damaged("missing", "UPDATE changed_operations SET operations = ? WHERE member = '/rows/2' AND first_step = 0", [SQLiteValue.blob(rest)])
        #expect(try missing.verify().problems == [problem + "the changed-members index keeps no operations under /rows/2, but the patch writes there"])

        let moved = try damaged("moved", "UPDATE changed_operations SET member = '/rows/9' WHERE member = '/rows/2' AND first_step = 0", [])
        let movedProblems = try moved.verify().problems
        #expect(movedProblems.first == problem + "the changed-members index keeps no operations under /rows/2, but the patch writes there")

        // Operations kept for a step the index does not name under their child.
        let bitmaps = try original.query { db in try ChangedMembersTable.bitmaps(timelineID: timeline.id, db: db) }.rows
        let bits = try #require(bitmaps.first { $0.member == "/rows/2" && $0.firstStep == 0 }).bits
        let unnamed = try #require((1...min(ChangedMembersTable.stepsPerRow - 1, timeline.lastStep)).first { offset in
            bits[offset / 8] & (1 << (offset % 8)) == 0 && !entries.contains { $0.offset == offset }
        })
        var strayBlob: [UInt8] = []
        let withStray = (entries.map { ($0.offset, Array($0.operations)) } + [(unnamed, Array(entries[0].operations))]).sorted { $0.0 < $1.0 }
        for (offset, operations) in withStray { ChildOperationsBlob.append(offset: offset, operations: operations, to: &strayBlob) }
        let stray = try damaged("stray", "UPDATE changed_operations SET operations = ? WHERE member = '/rows/2' AND first_step = 0", [SQLiteValue.blob(strayBlob)])
        #expect(try stray.verify().problems == [
            "session 1, timeline 'main', step \(unnamed): the changed-members index keeps operations for a step it does not index under their child",
        ])

        let misshapen = try damaged("misshapen", "UPDATE changed_operations SET operations = substr(operations, 1, 5) WHERE member = '/rows/2' AND first_step = 0", [])
        #expect(try misshapen.verify().problems.first == "session 1, timeline 'main', step 0: the operations kept under /rows/2 for the steps from here are misshapen")
        #expect(try Self.finds(misshapen, timeline) == answers)
    }

    /// A writer that merges batch after batch appends each batch's entries
    /// to the row's, and a merge of steps already kept replaces those and
    /// every later one.
    @Test func mergesAppendToARowAndReplaceFromTheFirstStepMerged() throws {
        let directory = try TemporaryDirectory()
        let path = try MemberChildrenIndexTests.record(seed: 34, reshapes: 0, in: directory)
        let database = try Database(path: path, mode: .readWrite)
        defer { database.close() }
        func operations(_ value: String) -> [UInt8] { [ChildOperationsBlob.replace, 2] + Array("/n".utf8) + [UInt8(value.utf8.count)] + Array(value.utf8) }
        func merge(_ steps: [(Int, String)]) throws {
            var batch = ChangedMembersBatch()
            for (step, value) in steps {
                batch.add(step: step, members: ["/rows", "/rows/9"], childOperations: [("/rows/9", operations(value))], timelineID: 1)
            }
            try database.write { db in try batch.merge(into: db) }
        }
        func kept() throws -> [Int: [UInt8]] {
            let rows = try database.read { db in try ChangedMembersTable.operationRows(timelineID: 1, db: db) }
            let row = try #require(rows.first { $0.member == "/rows/9" && $0.firstStep == 2_048 })
            let entries = try #require(ChildOperationsBlob.entries(row.operations))
            return Dictionary(uniqueKeysWithValues: entries.map { ($0.offset, Array($0.operations)) })
        }
        try merge([(2_051, "1"), (2_053, "2")])
        try merge([(2_055, "3")])
        #expect(try kept() == [3: operations("1"), 5: operations("2"), 7: operations("3")])
        try merge([(2_053, "4")])
        #expect(try kept() == [3: operations("1"), 5: operations("4")])
    }

    /// A version 6 file is read by its rows, as before; a branch a version 7
    /// writer adds to it keeps its operations, and `find` through both
    /// segments answers as walking every state.
    @Test func aVersion6FileIsReadByItsRowsAndABranchAddedToItKeepsOperations() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.path("todo-workload-v6.udf"), as: "v6.udf")
        let old = try Recording(path: path)
        #expect(old.formatVersion == 6)
        let session = try old.session(nil)
        let oldMain = try old.timeline(nil, in: session)
        #expect(try old.indexCoverage(timelineID: oldMain.id)?.depth == .children)
        #expect(try old.verify().problems == [])
        let keys = ChangeIndexKeys.children([("todos", "0")])
        #expect(try Self.delivered(old, oldMain, keys).operations == 0)
        try Self.expectFindAsWalking(in: old, on: oldMain, "v6 main")

        try ChangedMembersIndexTests.branchReversingMain(path, from: old, main: oldMain, at: 100)
        let recording = try Recording(path: path)
        #expect(recording.formatVersion == 7)
        let branch = try recording.timeline("later", in: session)
        #expect(try recording.indexCoverage(timelineID: oldMain.id)?.depth == .children)
        #expect(try recording.indexCoverage(timelineID: branch.id)?.depth == .operations)
        #expect(try recording.verify().problems == [])
        try Self.expectFindAsWalking(in: recording, on: branch, "branch of v6 main")
    }

    /// `find` on each of the todo paths, narrowed, against walking every state.
    static func expectFindAsWalking(in recording: Recording, on timeline: TimelineInfo, _ label: String) throws {
        let walk = try WalkedStates(recording, timeline)
        for text in MemberChildrenIndexTests.todoPaths {
            let predicate = try Predicate.parse("\(text) exists")
            let found = try StepSearch(predicate: predicate, range: 0...timeline.lastStep, eligible: nil, becomes: true, all: true, narrowing: .always)
                .run(in: recording, on: timeline)
            #expect(found.steps == walk.answers(predicate, in: 0...timeline.lastStep, becomes: true), "\(label): find \(text)")
        }
    }
}
