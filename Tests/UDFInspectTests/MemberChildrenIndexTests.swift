import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
@testable import UDFLog
import UDFRecorder
import UDFSQLite

/// Format v6 indexes members' children, so that `blame` and `find` about
/// `.rows[2].n` read only the steps that may have changed `.rows[2]`, keeping
/// the other children stale. They must answer what walking every whole state
/// answers, narrowed or not, when children are inserted, removed and moved
/// under the path, when a member is written whole or changes kind, and on
/// children whose names need escaping or differ only in normalization.
@Suite struct MemberChildrenIndexTests {
    static let names = ["e\u{301}", "\u{e9}", "a/b", "~1", "-", "", "k"]

    /// A random recording of `rows` (an array of objects), `dict` (an object
    /// over `names`) and `other`, with keyframes every 16 steps. `reshapes`
    /// in 100 steps insert into or remove from `rows`, or add or remove a
    /// member of `dict`, or write one of them whole, or make the whole state
    /// a string for a step.
    static func record(seed: UInt64, reshapes: Int, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("children-\(seed)-\(reshapes).udf")
        let recorder = try Recorder(path: path, app: "Children", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 16)))
        var random = SplitMix64(seed: seed)
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        var rows: [JSONValue] = (0..<5).map { .object(["id": number($0), "n": number(0)]) }
        var dict: [String: JSONValue] = ["k": number(0), "e\u{301}": number(1)]
        var other = 0
        func whole() -> JSONValue { .object(["rows": .array(rows), "dict": .object(dict), "other": number(other)]) }
        recorder.start(state: whole())
        for step in 1...600 {
            var state: JSONValue?
            if Int.random(in: 0..<100, using: &random) < reshapes {
                switch Int.random(in: 0..<7, using: &random) {
                case 0 where rows.count > 2:
                    rows.remove(at: Int.random(in: 0..<rows.count, using: &random))
                case 1:
                    rows.insert(.object(["id": number(100 + step), "n": number(step)]), at: Int.random(in: 0...rows.count, using: &random))
                case 2:
                    dict[names[Int.random(in: 0..<names.count, using: &random)]] = nil
                case 3:
                    dict[names[Int.random(in: 0..<names.count, using: &random)]] = number(step)
                case 4:
                    rows = rows.reversed()
                case 5:
                    state = .string("interlude \(step)")
                default:
                    dict = ["k": .array([number(step)])]
                }
            } else {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let index = Int.random(in: 0..<rows.count, using: &random)
                    if case .object(var row) = rows[index] {
                        row["n"] = number(step)
                        rows[index] = .object(row)
                    }
                case 1:
                    let name = names[Int.random(in: 0..<names.count, using: &random)]
                    if dict[name] != nil { dict[name] = number(step % 5) }
                default:
                    other += 1
                }
            }
            recorder.record(action: ["edit": step], state: state ?? whole())
        }
        try recorder.close()
        return path
    }

    static let paths = [
        ".rows[2].n", ".rows[0]", ".rows[4].id", ".rows[9]", #".dict["e\u0301"]"#, #".dict["\u00e9"]"#, #".dict["a/b"]"#,
        #".dict["~1"]"#, #".dict["-"]"#, #".dict[""]"#, ".dict.k", ".dict.k[0]", ".other",
    ]

    @Test(arguments: [(UInt64(21), 2), (22, 2), (23, 20), (24, 0)])
    func narrowedQueriesAnswerAsWalkingEveryState(_ seed: UInt64, _ reshapes: Int) throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try Self.record(seed: seed, reshapes: reshapes, in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.indexCoverage(timelineID: timeline.id)?.depth == .operations)
        #expect(try recording.verify().problems == [])
        let walk = try WalkedStates(recording, timeline)
        try Self.expectBlameAsWalking(Self.paths, in: recording, on: timeline, "seed \(seed)")
        for text in Self.paths {
            let predicate = try Predicate.parse("\(text) exists")
            for range in [0...timeline.lastStep, 77...555] {
                for becomes in [false, true] {
                    let found = try StepSearch(predicate: predicate, range: range, eligible: nil, becomes: becomes, all: true, narrowing: .always)
                        .run(in: recording, on: timeline)
                    #expect(found.steps == walk.answers(predicate, in: range, becomes: becomes), "find \(text) exists, becomes \(becomes), \(range), seed \(seed)")
                }
            }
        }
        // Values, not only presence: the first step each row's `n` passes 300.
        for index in 0..<4 {
            let predicate = try Predicate.parse(".rows[\(index)].n > 300")
            let found = try StepSearch(predicate: predicate, range: 0...timeline.lastStep, eligible: nil, becomes: false, all: false, narrowing: .always)
                .run(in: recording, on: timeline)
            #expect(found.steps == Array(walk.answers(predicate, in: 0...timeline.lastStep).prefix(1)), "find .rows[\(index)].n > 300, seed \(seed)")
        }
    }

    /// Narrowing pays only while the members are rarely reshaped: `byCost`
    /// narrows a recording of in-place edits and not one that reshapes often.
    @Test func narrowingIsChosenByCost() throws {
        let directory = try TemporaryDirectory()
        for (reshapes, narrows) in [(0, true), (40, false)] {
            let recording = try Recording(path: try Self.record(seed: 31, reshapes: reshapes, in: directory))
            let timeline = try recording.timeline(nil, in: try recording.session(nil))
            var projection = ProjectedState(paths: [try JSONPath(parsing: ".rows[2].n")])
            try projection.narrow(.byCost, in: recording, on: timeline, range: 1...timeline.lastStep)
            #expect(projection.isNarrowed == narrows, "reshapes \(reshapes)")
            var member = ProjectedState(paths: [try JSONPath(parsing: ".other")])
            try member.narrow(.always, in: recording, on: timeline, range: 1...timeline.lastStep)
            #expect(!member.isNarrowed, "a path of one member has no child to narrow to")
        }
    }

    /// A patch that moves or copies a child reads the source, which a
    /// narrowed query keeps stale: such a step takes the whole state. The
    /// recorder writes neither operation, so they are put in place of the
    /// recorder's patches, with the same resulting states.
    @Test func movesAndCopiesOfStaleChildrenTakeTheWholeState() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("moves.udf")
        let recorder = try Recorder(path: path, app: "Moves", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 1_000)))
        func row(_ id: Int, _ n: Int) -> JSONValue { .object(["id": .number(JSONNumber(id)), "n": .number(JSONNumber(n))]) }
        var rows = [row(0, 0), row(1, 0), row(2, 0)]
        recorder.start(state: JSONValue.object(["rows": .array(rows)]))
        // Steps 1–3 change row 0 only; step 4 copies row 0 to place 2; 5–6
        // change row 1; step 7 moves row 1 to place 3.
        for step in 1...3 {
            rows[0] = row(0, step)
            recorder.record(action: ["edit": step], state: JSONValue.object(["rows": .array(rows)]))
        }
        rows.insert(rows[0], at: 2)
        recorder.record(action: ["copy": 4], state: JSONValue.object(["rows": .array(rows)]))
        for step in 5...6 {
            rows[1] = row(1, step)
            recorder.record(action: ["edit": step], state: JSONValue.object(["rows": .array(rows)]))
        }
        let moved = rows.remove(at: 1)
        rows.insert(moved, at: 3)
        recorder.record(action: ["move": 7], state: JSONValue.object(["rows": .array(rows)]))
        // Steps 8–9 change row 0 only; step 10 copies its `n` into the row at place 2.
        for step in 8...9 {
            rows[0] = row(0, step)
            recorder.record(action: ["edit": step], state: JSONValue.object(["rows": .array(rows)]))
        }
        rows[2] = row(2, 9)
        recorder.record(action: ["copy": 10], state: JSONValue.object(["rows": .array(rows)]))
        try recorder.close()

        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let blames = try [".rows[2].n", ".rows[3].n", ".rows[1]"].map { text in
            let blame = PathBlame(path: try JSONPath(parsing: text))
            return (blame, try blame.changes(in: recording, on: timeline, through: 10, strategy: .walk).changes)
        }
        let database = try Database(path: path, mode: .readWrite)
        let rewrite = try database.prepare("UPDATE steps SET keyframe = NULL, patch = ? WHERE timeline_id = ? AND step = ?")
        try rewrite.execute([#"[{"from":"/rows/0","op":"copy","path":"/rows/2"}]"#, timeline.id, 4])
        try rewrite.execute([#"[{"from":"/rows/1","op":"move","path":"/rows/3"}]"#, timeline.id, 7])
        try rewrite.execute([#"[{"from":"/rows/0/n","op":"copy","path":"/rows/2/n"}]"#, timeline.id, 10])
        database.close()
        // The two steps are indexed as their new patches name; the others keep their rows.
        try ChangedMembersIndexTests.rewriteIndex(path, timelineID: timeline.id) { rows in
            rows.filter { ![4, 7, 10].contains($0.step) }
                + [(4, #"[{"from":"/rows/0","op":"copy","path":"/rows/2"}]"#), (7, #"[{"from":"/rows/1","op":"move","path":"/rows/3"}]"#),
                   (10, #"[{"from":"/rows/0/n","op":"copy","path":"/rows/2/n"}]"#)]
                .flatMap { step, patch in ChangedMembersTable.keys(ofPatchText: Array(patch.utf8)).map { (step, $0) } }
        }
        let rewritten = try Recording(path: path)
        let problems = try rewritten.verify().problems
        #expect(problems == [], "\(problems)")
        #expect(try rewritten.query { db in try ChangedMembersTable.rows(timelineID: timeline.id, db: db) }.filter { $0.step == 4 }.map(\.member)
            == ["/rows", "/rows/-", "/rows/0"])
        for (blame, expected) in blames {
            var narrowed = blame
            narrowed.narrowing = .always
            let found = try narrowed.changes(in: rewritten, on: timeline, through: 10, strategy: .patches).changes
            #expect(found.map(\.values) == expected.map(\.values), "blame \(blame.path)")
        }
    }

    static let todoPaths = [".todos[0].done", ".todos[2]", ".todos[id=3].title", ".filter", ".nextID"]

    /// Blame on each path through `narrowing`, against walking every state.
    static func expectBlameAsWalking(_ paths: [String], in recording: Recording, on timeline: TimelineInfo, _ comment: String) throws {
        for text in paths {
            let path = try JSONPath(parsing: text)
            let walked = try PathBlame(path: path).changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
            for narrowing in [ProjectedState.Narrowing.always, .never, .byCost] {
                let read = try PathBlame(path: path, narrowing: narrowing)
                    .changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches)
                #expect(read.changes == walked.changes, "blame \(text), \(narrowing), \(comment)")
                #expect(read.everSelected == walked.everSelected, "blame \(text), \(narrowing), \(comment)")
            }
        }
    }

    /// A version 5 file, indexed by members only, is read by members: it
    /// verifies, and queries answer as walking. A branch a version 6 writer
    /// adds to it is indexed to depth 2; read through its version 5 parent
    /// it is not narrowed, and answers as walking.
    @Test func aVersion5FileIsReadByMembersAndABranchAddedToItByChildren() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.path("todo-workload-v5.udf"), as: "v5.udf")
        let old = try Recording(path: path)
        #expect(old.formatVersion == 5)
        let session = try old.session(nil)
        let oldMain = try old.timeline(nil, in: session)
        #expect(try old.indexCoverage(timelineID: oldMain.id)?.depth == .members)
        #expect(try old.verify().problems == [])
        try Self.expectBlameAsWalking(Self.todoPaths, in: old, on: oldMain, "v5 main")

        try ChangedMembersIndexTests.branchReversingMain(path, from: old, main: oldMain, at: 100)
        let recording = try Recording(path: path)
        #expect(recording.formatVersion == 7)
        let branch = try recording.timeline("later", in: session)
        #expect(try recording.indexCoverage(timelineID: oldMain.id)?.depth == .members)
        #expect(try recording.indexCoverage(timelineID: branch.id)?.depth == .operations)
        #expect(try recording.verify().problems == [])
        var projection = ProjectedState(paths: [try JSONPath(parsing: ".todos[0].done")])
        try projection.narrow(.always, in: recording, on: branch, range: 1...branch.lastStep)
        #expect(!projection.isNarrowed, "the branch's steps up to 100 are indexed by members only")
        try Self.expectBlameAsWalking(Self.todoPaths, in: recording, on: branch, "branch of v5 main")
    }

    /// A branch of a version 6 timeline is narrowed through both segments.
    @Test func aBranchOfAVersion6TimelineIsNarrowedThroughItsParent() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(seed: 41, reshapes: 1, in: directory)
        let old = try Recording(path: path)
        let session = try old.session(nil)
        let main = try old.timeline(nil, in: session)
        try ChangedMembersIndexTests.branchReversingMain(path, from: old, main: main, at: 300)
        let recording = try Recording(path: path)
        let branch = try recording.timeline("later", in: session)
        #expect(try recording.verify().problems == [])
        var projection = ProjectedState(paths: [try JSONPath(parsing: ".rows[2].n")])
        try projection.narrow(.always, in: recording, on: branch, range: 1...branch.lastStep)
        #expect(projection.isNarrowed)
        try Self.expectBlameAsWalking(Array(Self.paths.prefix(4)), in: recording, on: branch, "branch of v6 main")
    }

    /// A writer merges the index about once a stretch of 1,024 steps, so a
    /// recording read while it is written (or after its host died) has
    /// steps after `indexed_through`: they are read in full, the answers are
    /// the walk's, and `verify` passes. Closing merges the rest.
    @Test func stepsAfterTheIndexesLastAreReadInFull() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("open.udf")
        let writer = try RecordingWriter(path: path, app: "Open")
        func state(_ step: Int) -> JSONValue {
            let rows: [JSONValue] = (0..<4).map { index in
                let n = index == step % 4 ? step : 0
                return JSONValue.object(["n": .number(JSONNumber(n))])
            }
            return .object(["rows": .array(rows), "other": .number(JSONNumber(step / 7))])
        }
        for start in stride(from: 0, to: 1_500, by: 50) {
            try writer.append((start..<(start + 50)).map { step -> StepInput in
                let action: JSONValue? = step == 0 ? nil : .object(["edit": .number(JSONNumber(step))])
                return StepInput(step: step, time: Date(timeIntervalSince1970: 1_700_000_000 + Double(step)),
                                 action: action, actionName: step == 0 ? nil : "edit",
                                 cause: nil, reducerNanoseconds: nil, state: state(step))
            })
        }
        let open = try Recording(path: path)
        let timeline = try open.timeline(nil, in: try open.session(nil))
        let coverage = try #require(try open.indexCoverage(timelineID: timeline.id))
        #expect(coverage.depth == .operations)
        let through = try #require(coverage.through)
        #expect((1_024..<1_499).contains(through), "merged once the pending steps reached a second stretch: \(through)")
        #expect(try open.verify().problems == [])
        try Self.expectBlameAsWalking([".rows[1].n", ".rows[3]", ".other"], in: open, on: timeline, "while written")
        let predicate = try Predicate.parse(".rows[2].n > 1400")
        let found = try StepSearch(predicate: predicate, range: 0...timeline.lastStep, eligible: nil, becomes: false, all: true, narrowing: .always)
            .run(in: open, on: timeline)
        #expect(found.steps == Array(stride(from: 1_402, to: 1_500, by: 4)))
        try writer.close()
        let closed = try Recording(path: path)
        #expect(try closed.indexCoverage(timelineID: timeline.id)?.through == 1_499)
        #expect(try closed.verify().problems == [])
    }

    /// A writer that dies leaves its last steps unindexed; one that resumes
    /// the timeline after that gap adds no rows and leaves `indexed_through`
    /// where it was, so every step after it is read in full, and `verify`
    /// and the answers hold.
    @Test func aWriterResumingAfterAGapIndexesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("resumed.udf")
        func state(_ step: Int) -> JSONValue {
            let rows: [JSONValue] = (0..<4).map { index in
                JSONValue.object(["n": .number(JSONNumber(index == step % 4 ? step : 0))])
            }
            return .object(["rows": .array(rows)])
        }
        func steps(_ range: Range<Int>) -> [StepInput] {
            range.map { step -> StepInput in
                let action: JSONValue? = step == 0 ? nil : .object(["edit": .number(JSONNumber(step))])
                return StepInput(step: step, time: Date(timeIntervalSince1970: 1_700_000_000 + Double(step)), action: action,
                                 actionName: step == 0 ? nil : "edit", cause: nil, reducerNanoseconds: nil, state: state(step))
            }
        }
        let main = try RecordingWriter(path: path, app: "Resumed")
        try main.append(steps(0..<200))
        try main.close()
        do {
            // Dropped without `close`, as a host that dies: the keys pending since the last merge are lost.
            let dying = try RecordingWriter(path: path, timeline: "main", at: 100, into: "later")
            for start in stride(from: 101, to: 1_601, by: 50) {
                try dying.append(steps(start..<(start + 50)))
            }
        }
        let crashed = try Recording(path: path)
        let session = try crashed.session(nil)
        let branch = try crashed.timeline("later", in: session)
        let through = try #require(try crashed.indexCoverage(timelineID: branch.id)?.through)
        #expect((1_024..<1_600).contains(through))

        let resumed = try RecordingWriter(path: path, timeline: "later", at: 1_600, into: "later")
        try resumed.append(steps(1_601..<1_700))
        try resumed.close()
        let recording = try Recording(path: path)
        let later = try recording.timeline("later", in: session)
        #expect(later.lastStep == 1_699)
        #expect(try recording.indexCoverage(timelineID: later.id)?.through == through)
        let rows = try recording.query { db in try ChangedMembersTable.rows(timelineID: later.id, db: db) }
        #expect(rows.allSatisfy { $0.step <= through })
        #expect(try recording.verify().problems == [])
        try Self.expectBlameAsWalking([".rows[1].n", ".rows[2]"], in: recording, on: later, "resumed after a gap")
    }
}
