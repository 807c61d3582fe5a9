import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
@testable import UDFLog
import UDFRecorder
import UDFSQLite

/// The changed-members index (format v5) lets `find` and `blame` read only
/// the steps that wrote under the members their paths start with. They must
/// answer what walking every whole state answers, and what the same file
/// answers with its index switched off, on members whose names need escaping
/// or differ only in normalization, and on steps that replace the whole state.
@Suite struct ChangedMembersIndexTests {
    static let keys = ["e\u{301}", "a/b", "a~b", "", "~1", "list", "plain"]

    /// A random recording of a top-level object over `keys`, with keyframes
    /// every 16 steps, that is now and then not an object at all (a patch
    /// that writes the whole state) and back.
    static func record(seed: UInt64, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("members-\(seed).udf")
        let recorder = try Recorder(path: path, app: "Members", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 16)))
        var random = SplitMix64(seed: seed)
        var members: [String: JSONValue] = ["list": .array([])]
        var state = JSONValue.object(members)
        recorder.start(state: state)
        for step in 1...400 {
            let choice = Int.random(in: 0..<10, using: &random)
            if choice == 0 {
                state = .string("interlude \(step)")
            } else {
                let key = keys[Int.random(in: 0..<keys.count, using: &random)]
                if key == "list" {
                    guard case .array(var list)? = members["list"] else { preconditionFailure() }
                    if list.count > 3, choice < 4 {
                        list.remove(at: Int.random(in: 0..<list.count, using: &random))
                    } else {
                        let id = JSONValue.number(JSONNumber(Int.random(in: 0..<5, using: &random)))
                        list.insert(.object(["id": id, "n": .number(JSONNumber(step))]), at: Int.random(in: 0...list.count, using: &random))
                    }
                    members["list"] = .array(list)
                } else if choice < 3 {
                    members[key] = nil
                } else {
                    members[key] = .number(JSONNumber(step % 7))
                }
                state = .object(members)
            }
            recorder.record(action: ["edit": step], state: state)
        }
        try recorder.close()
        return path
    }

    static let paths = [
        #".["e\u0301"]"#, #".["\u00e9"]"#, #".["a/b"]"#, #".["a~b"]"#, #".[""]"#, #".["~1"]"#, ".plain", ".list[id=2]",
        ".list[1].n", ".absent",
    ]

    /// The same file with every timeline's index switched off, so queries scan every row.
    static func unindexedCopy(of path: String, in directory: TemporaryDirectory) throws -> String {
        let copy = directory.path("unindexed.udf")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let database = try Database(path: copy, mode: .readWrite)
        try database.execute("UPDATE timelines SET changes_indexed = NULL")
        database.close()
        return copy
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func blameAndFindReadingTheIndexAnswerAsWalkingEveryState(_ seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(seed: seed, in: directory)
        let indexed = try Recording(path: path)
        let plain = try Recording(path: try Self.unindexedCopy(of: path, in: directory))
        let timeline = try indexed.timeline(nil, in: try indexed.session(nil))
        #expect(try indexed.indexCoverage(timelineID: timeline.id)?.depth == .operations)
        #expect(try plain.indexCoverage(timelineID: timeline.id)?.depth == nil)
        let walk = try WalkedStates(indexed, timeline)
        for text in Self.paths {
            let blame = PathBlame(path: try JSONPath(parsing: text))
            let walked = try blame.changes(in: indexed, on: timeline, through: timeline.lastStep, strategy: .walk)
            let fromIndex = try blame.changes(in: indexed, on: timeline, through: timeline.lastStep, strategy: .patches)
            let scanned = try blame.changes(in: plain, on: timeline, through: timeline.lastStep, strategy: .patches)
            #expect(fromIndex.changes == walked.changes, "blame \(text), seed \(seed)")
            #expect(fromIndex.everSelected == walked.everSelected, "blame \(text), seed \(seed)")
            #expect(scanned.changes == walked.changes, "blame \(text) without the index, seed \(seed)")

            let predicate = try Predicate.parse("\(text) exists")
            for range in [0...timeline.lastStep, 50...333] {
                for becomes in [false, true] {
                    let found = try StepSearch(predicate: predicate, range: range, eligible: nil, becomes: becomes, all: true)
                        .run(in: indexed, on: timeline)
                    #expect(found.steps == walk.answers(predicate, in: range, becomes: becomes), "find \(text) exists, becomes \(becomes), \(range), seed \(seed)")
                }
                let odd = Set(range.filter { $0 % 2 == 1 })
                let first = try StepSearch(predicate: predicate, range: range, eligible: odd, becomes: false, all: false)
                    .run(in: indexed, on: timeline)
                #expect(first.steps == Array(walk.answers(predicate, in: range).filter(odd.contains).prefix(1)), "find --first \(text), seed \(seed)")
            }
        }
    }

    struct Stretches: Codable, Sendable { var dense = 0; var sparse = 0; var rare = 0; var other = 0 }

    /// Across many rows of the index: a member that changes at every step of
    /// some stretches, one every 37th step, one twice, read from ranges that
    /// start and end off a row's bounds.
    @Test func stretchesDenseAndSparseAnswerAsWalking() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("stretches.udf")
        let recorder = try Recorder(path: path, app: "Stretches")
        var state = Stretches()
        recorder.start(state: state)
        for step in 1...5_000 {
            if (1_000...2_500).contains(step) { state.dense += 1 } else { state.other += 1 }
            if step % 37 == 0 { state.sparse += 1 }
            if step == 3_000 || step == 4_999 { state.rare += 1 }
            recorder.record(action: ["step": step], state: state)
        }
        try recorder.close()
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.verify().problems == [])
        let walk = try WalkedStates(recording, timeline)
        for text in [".dense", ".sparse", ".rare"] {
            let blame = PathBlame(path: try JSONPath(parsing: text))
            let walked = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
            let fromIndex = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches)
            #expect(fromIndex.changes == walked.changes, "blame \(text)")
            for (predicateText, range) in [("\(text) >= 1", 777...4_321), ("\(text) > 20", 1_023...4_100), ("\(text) == 1", 0...5_000)] {
                let predicate = try Predicate.parse(predicateText)
                for becomes in [false, true] {
                    let found = try StepSearch(predicate: predicate, range: range, eligible: nil, becomes: becomes, all: true)
                        .run(in: recording, on: timeline)
                    #expect(found.steps == walk.answers(predicate, in: range, becomes: becomes), "find \(predicateText) in \(range), becomes \(becomes)")
                }
            }
        }
    }

    /// Each stored patch's rows are the members its operations name; each
    /// keyframe's, the members whose values differ from the state before
    /// it, or the root when the state is not an object on both sides.
    @Test func theIndexNamesWhatEachStepChanged() throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try Self.record(seed: 14, in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        var rows: [Int: Set<[UInt8]>] = [:]
        var patches: [Int: [UInt8]] = [:]
        try recording.query { db in
            for (step, member) in try ChangedMembersTable.rows(timelineID: timeline.id, db: db) {
                rows[step, default: []].insert(Array(member.utf8))
            }
            try db.prepare("SELECT step, patch FROM steps WHERE timeline_id = ? AND patch IS NOT NULL").forEachRow([timeline.id]) { row in
                patches[row.int(0)] = row.bytes(1)
            }
        }
        #expect(rows[0] == nil, "step 0 has no previous state")
        var previous: JSONValue?
        var keyframes = 0
        try recording.walk(timeline) { summary, state in
            defer { previous = state }
            guard let previous else { return true }
            let named = rows[summary.step, default: []]
            if let text = patches[summary.step] {
                let expected = Set(ChangedMembersTable.keys(of: try JSONPatch(text: text)).map { Array($0.utf8) })
                #expect(named == expected, "step \(summary.step)")
            } else if case .object(let before) = previous, case .object(let after) = state {
                keyframes += 1
                let keys = Set(before.keys.map { Array($0.utf8) }).union(after.keys.map { Array($0.utf8) })
                let differing = Set(keys.filter { key in
                    let name = String(decoding: key, as: UTF8.self)
                    return before.value(exactlyAt: name) != after.value(exactlyAt: name)
                }.map { Array(ChangedMembersTable.member(String(decoding: $0, as: UTF8.self)).utf8) })
                // Exactly the members that differ, and a child or `/m/-` under each only.
                let names = named.map { String(decoding: $0, as: UTF8.self) }
                #expect(Set(ChangedMembersTable.members(in: names).map { Array($0.utf8) }) == differing, "step \(summary.step)")
                for name in names where !ChangedMembersTable.members(in: [name]).contains(name) {
                    let head = Array(name.utf8.dropFirst().prefix { $0 != UInt8(ascii: "/") })
                    #expect(differing.contains([UInt8(ascii: "/")] + head), "step \(summary.step): \(name)")
                }
            } else {
                #expect(named == [[]], "step \(summary.step)")
            }
            return true
        }
        #expect(keyframes > 10)
    }

    /// The recorder stores a keyframe rather than a patch that writes the
    /// whole state, but a patch may: one put in place of a step's patch,
    /// leaving its state as it was, is read by a query about any member.
    @Test func aPatchThatWritesTheWholeStateIsReadForEveryMember() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(seed: 16, in: directory)
        let before = try Recording(path: path)
        let timeline = try before.timeline(nil, in: try before.session(nil))
        let blame = PathBlame(path: try JSONPath(parsing: ".plain"))
        let changes = try blame.changes(in: before, on: timeline, through: timeline.lastStep, strategy: .walk).changes
        let patched = try before.query { db in
            try db.prepare("SELECT step FROM steps WHERE patch IS NOT NULL AND timeline_id = ?").rows([timeline.id]) { $0.int(0) }
        }
        let step = try #require(changes.map(\.step).first { patched.contains($0) })
        let whole = try before.state(at: step, on: timeline)
        let database = try Database(path: path, mode: .readWrite)
        try database.prepare("UPDATE steps SET patch = ? WHERE timeline_id = ? AND step = ?")
            .execute([#"[{"op":"replace","path":"","value":"# + whole.canonicalText + "}]", timeline.id, step])
        database.close()
        try Self.rewriteIndex(path, timelineID: timeline.id) { rows in rows.filter { $0.step != step } + [(step, "")] }
        let recording = try Recording(path: path)
        #expect(try recording.verify().problems == [])
        let fromIndex = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches).changes
        #expect(fromIndex.map(\.values) == changes.map(\.values))
    }

    @Test func theScanOfCanonicalTextAgreesWithParsingOrDeclines() throws {
        func scanned(_ text: String) -> [String]? {
            StoredTextScan.pointedKeys(ofCanonicalPatch: Array(text.utf8))
        }
        func parsed(_ text: String) throws -> Set<[UInt8]> {
            Set(ChangedMembersTable.keys(of: try JSONPatch(text: Array(text.utf8))).map { Array($0.utf8) })
        }
        let agreeing = [
            #"[]"#,
            #"[{"op":"replace","path":"/items/3/score","value":{"path":"/x","op":"remove"}}]"#,
            #"[{"from":"/a/0","op":"move","path":"/b"},{"op":"remove","path":"/a"}]"#,
            #"[{"from":"/c","op":"copy","path":"/d/e"},{"op":"test","path":"/f","value":[1,"]}"]}]"#,
            #"[{"op":"replace","path":"","value":"x"}]"#,
            #"[{"op":"add","path":"/","value":1}]"#,
            #"[{"op":"remove","path":"/list/2"},{"op":"replace","path":"/list/3/n","value":1}]"#,
            #"[{"from":"/a/b/c","op":"move","path":"/a/d"},{"from":"/a/1","op":"copy","path":"/b/2/x"}]"#,
            #"[{"op":"add","path":"/a/","value":1},{"op":"test","path":"/t","value":1},{"op":"replace","path":"/r/","value":1}]"#,
            "[{\"op\":\"add\",\"path\":\"/e\u{301}/1\",\"value\":\"\\\"path\\\":\\\"/z\"}]",
        ]
        for text in agreeing {
            let members = try #require(scanned(text), "\(text)")
            #expect(Set(members.map { Array($0.utf8) }) == (try parsed(text)), "\(text)")
            #expect(members.count == Set(members.map { Array($0.utf8) }).count, "each member once: \(text)")
        }
        // Forms the scan leaves to the parser, which still names the members.
        let declined = [
            #"[{"op": "add", "path": "/a", "value": 1}]"#,
            #"[{"op":"add","path":"/a~1b/c","value":1}]"#,
            #"[{"op":"add","path":"/a\u002fb","value":1}]"#,
            #"[{"op":"add","path":"/a","value":1,"extra":2}]"#,
            #"[{"op":"add","value":1}]"#,
        ]
        for text in declined + [#"[{"op":"frob","path":"/a","value":1}]"#] {
            #expect(scanned(text) == nil, "\(text)")
        }
        // Members' children, and `/m/-` for a member written whole or a child added, removed or moved.
        #expect(scanned(agreeing[6]) == ["/list", "/list/-", "/list/3"])
        #expect(scanned(agreeing[7]) == ["/a", "/a/b", "/a/-", "/a/1", "/b", "/b/2"])
        #expect(scanned(agreeing[8]) == ["/a", "/a/-", "/t", "/t/-", "/r", "/r/"])
        #expect(ChangedMembersTable.keys(ofPatchText: Array(declined[1].utf8)) == ["/a~1b", "/a~1b/-"])
        // `\u002f` is a `/` once the string is read: the pointer is `/a/b`, an added child.
        #expect(ChangedMembersTable.keys(ofPatchText: Array(declined[2].utf8)) == ["/a", "/a/-"])
        #expect(ChangedMembersTable.keys(ofPatchText: Array("not a patch".utf8)) == [""])
        // Normalization pairs are different members.
        #expect(ChangedMembersTable.member("e\u{301}").utf8.count == ChangedMembersTable.member("\u{e9}").utf8.count + 1)
    }

    @Test func verifyReportsAnIndexThatDisagreesWithTheSteps() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(seed: 15, in: directory)
        #expect(try Recording(path: path).verify().problems == [])
        // A patch step with one member, a keyframe between two objects that changed one, and a step past the end.
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let rows = try recording.query { db in try ChangedMembersTable.rows(timelineID: timeline.id, db: db) }
        var keyframeSteps: Set<Int> = []
        try recording.walk(timeline) { summary, _ in
            if summary.isKeyframe { keyframeSteps.insert(summary.step) }
            return true
        }
        // A step that changed one member other than the list, a number: it is named with `/m/-`.
        func single(keyframe: Bool) throws -> (step: Int, keys: String) {
            let step = try #require(Set(rows.map(\.step)).sorted().first { step in
                let named = rows.filter { $0.step == step }.map(\.member)
                let members = ChangedMembersTable.members(in: named)
                return keyframeSteps.contains(step) == keyframe && members.count == 1 && !["", "/list"].contains(members[0])
            })
            return (step, rows.filter { $0.step == step }.map(\.member).sorted().joined(separator: ", "))
        }
        let patched = try single(keyframe: false)
        let keyframe = try single(keyframe: true)
        try Self.rewriteIndex(path, timelineID: timeline.id) { rows in
            rows.filter { $0.step != patched.step && $0.step != keyframe.step } + [(patched.step, "/elsewhere"), (401, "/plain")]
        }
        let problems = try Recording(path: path).verify().problems
        let keyframeProblem = "session 1, timeline 'main', step \(keyframe.step): the keyframe changes \(keyframe.keys), which the changed-members index does not name"
        let patchProblem = "session 1, timeline 'main', step \(patched.step): the changed-members index names /elsewhere, but the patch writes under \(patched.keys)"
        // In step order, then the rows for steps past the end.
        #expect(problems == (keyframe.step < patched.step ? [keyframeProblem, patchProblem] : [patchProblem, keyframeProblem]) + [
            "session 1, timeline 'main', step 401: the changed-members index names a step the timeline does not store",
        ])
    }

    /// Replaces the index of a timeline with `transform` of its (step, member) pairs.
    static func rewriteIndex(
        _ path: String, timelineID: Int, _ transform: ([(step: Int, member: String)]) -> [(step: Int, member: String)]
    ) throws {
        let database = try Database(path: path, mode: .readWrite)
        defer { database.close() }
        try database.write { db in
            let rows = transform(try ChangedMembersTable.rows(timelineID: timelineID, db: db))
            try db.prepare("DELETE FROM changed_members WHERE timeline_id = ?").execute([timelineID])
            var batch = ChangedMembersBatch()
            for (step, member) in rows {
                batch.add(step: step, members: [member], timelineID: timelineID)
            }
            try batch.merge(into: db)
        }
    }

    /// A misshapen row is reported, not misread: `verify` names it, and a
    /// query about its member reads every step instead.
    @Test(arguments: ["substr(steps, 1, 100)", "'text'", "zeroblob(129)"])
    func aMisshapenRowIsReportedAndNotRead(_ damage: String) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(seed: 17, in: directory)
        let database = try Database(path: path, mode: .readWrite)
        try database.execute("UPDATE changed_members SET steps = \(damage) WHERE member = '/list'")
        database.close()
        let recording = try Recording(path: path)
        #expect(try recording.verify().problems
            == ["session 1, timeline 'main', step 0: a changed-members row does not start at a multiple of 1024 steps or does not hold 128 bytes"])
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let blame = PathBlame(path: try JSONPath(parsing: ".list[id=2]"))
        let walked = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
        #expect(try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches).changes == walked.changes)
    }

    /// A copy made of stored rows (`export --format udf`) is indexed too:
    /// its patches by their members, its kept keyframes under the root.
    @Test func anExportedCopyIsIndexedAndAnswersAsWalking() async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(seed: 19, in: directory)
        let copy = directory.path("copy.udf")
        let result = await InspectorHarness.run(["export", path, "--format", "udf", "-o", copy])
        #expect(result.status == 0, "\(result.stderr)")
        let recording = try Recording(path: copy)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.indexCoverage(timelineID: timeline.id)?.depth == .operations)
        #expect(try recording.verify().problems == [])
        for text in Self.paths {
            let blame = PathBlame(path: try JSONPath(parsing: text))
            let walked = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
            #expect(try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches).changes == walked.changes, "\(text)")
        }
    }

    /// A copy made of stored rows reads each patch's entry on the thread that
    /// reads the rows, and merges each stretch of 1,024 steps as it passes;
    /// the recorder took the same text's on its writer, batch by batch: each
    /// child keeps the same operations in both, and the copy verifies and
    /// answers as walking.
    @Test func anExportedCopyKeepsEachChildsOperations() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("scores.udf")
        let recorder = try Recorder(path: path, app: "Scores", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 16)))
        // Large enough that a step's patch, not a keyframe, is cheaper to keep.
        func item(_ index: Int, score: Int) -> JSONValue {
            .object(["name": .string("item number \(index) of forty"), "score": .number(JSONNumber(score))])
        }
        var items = (0..<40).map { item($0, score: 0) }
        recorder.start(state: JSONValue.object(["items": .array(items)]))
        // Three stretches of 1,024 steps: the copy merges each as it passes.
        for step in 1...2_500 {
            items[step % 40] = item(step % 40, score: step)
            recorder.record(action: ["bump": step % 40], state: JSONValue.object(["items": .array(items)]))
        }
        try recorder.close()
        let copy = directory.path("copy.udf")
        let result = await InspectorHarness.run(["export", path, "--format", "udf", "-o", copy])
        #expect(result.status == 0, "\(result.stderr)")
        let kept = try Self.childOperations(copy)
        #expect(kept.count == 3 * 40)
        #expect(kept == (try Self.childOperations(path)))
        let recording = try Recording(path: copy)
        #expect(try recording.verify().problems == [])
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        for text in [".items[7].score", ".items[7]", ".items"] {
            let blame = PathBlame(path: try JSONPath(parsing: text))
            let walked = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
            #expect(try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches).changes == walked.changes, "\(text)")
        }
    }

    /// Each child's kept operations, as `member first_step hex`, in order.
    private static func childOperations(_ path: String) throws -> [String] {
        let database = try Database(path: path, mode: .readOnly)
        defer { database.close() }
        let sql = "SELECT member || ' ' || first_step || ' ' || hex(operations) FROM changed_operations ORDER BY member, first_step"
        return try database.prepare(sql).rows { $0.text(0) }
    }

    /// A version 5 file without its index table is a damaged file (65, one
    /// line), not a failed read (74).
    @Test func aFileWithoutItsIndexTableIsDamaged() async throws {
        let directory = try TemporaryDirectory()
        let path = try Self.record(seed: 18, in: directory)
        let database = try Database(path: path, mode: .readWrite)
        try database.execute("DROP TABLE changed_members")
        database.close()
        for command in [["blame", path, ".plain"], ["blame", path, ".plain", "--json"], ["find", path, "--where", ".plain == 1"]] {
            let result = await InspectorHarness.run(command)
            #expect(result.status == 65, "\(command)")
            #expect(result.stdout == "", "\(command)")
            #expect(result.stderr == "Error: '\(path)' is damaged: no such table: changed_members\n", "\(command)")
        }
    }

    /// A writer that migrates an older file indexes only the timelines it
    /// creates: a branch off an old timeline reads the old rows in full and
    /// its own through the index, and answers as walking does.
    @Test func aBranchOnAMigratedFileIsIndexedAndItsParentIsNot() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v3.udf")
        try FileManager.default.copyItem(atPath: Fixtures.path("todo-demo-v3.udf"), toPath: path)
        #expect(try Recording(path: path).formatVersion == 3)
        let old = try Recording(path: path)
        let session = try old.session(nil)
        let oldMain = try old.timeline(nil, in: session)
        try Self.branchReversingMain(path, from: old, main: oldMain, at: 5)
        let recording = try Recording(path: path)
        #expect(recording.formatVersion == RecordingFormat.version)
        let main = try recording.timeline(nil, in: session)
        let branch = try recording.timeline("later", in: session)
        #expect(try recording.indexCoverage(timelineID: main.id)?.depth == nil)
        #expect(try recording.indexCoverage(timelineID: branch.id)?.depth == .operations)
        #expect(try recording.verify().problems == [])
        for text in [".todos", ".todos[id=2].done", ".filter", ".login"] {
            let blame = PathBlame(path: try JSONPath(parsing: text))
            let walked = try blame.changes(in: recording, on: branch, through: branch.lastStep, strategy: .walk)
            let projected = try blame.changes(in: recording, on: branch, through: branch.lastStep, strategy: .patches)
            #expect(projected.changes == walked.changes, "blame \(text) on the branch")
        }
    }

    /// Writes a branch `later` off `main` at `fork` that takes main's later
    /// states again, in reverse, so its patches differ from main's.
    static func branchReversingMain(_ path: String, from recording: Recording, main: TimelineInfo, at fork: Int) throws {
        var states: [JSONValue] = []
        try recording.walk(main, range: (fork + 1)...main.lastStep) { _, state in
            states.insert(state, at: 0)
            return true
        }
        let writer = try RecordingWriter(path: path, timeline: "main", at: fork, into: "later")
        try writer.append(states.enumerated().map { offset, state in
            StepInput(step: fork + 1 + offset, time: Date(timeIntervalSince1970: 1_700_000_000 + Double(offset)),
                      action: ["again": .number(JSONNumber(offset))], actionName: "again", cause: nil, reducerNanoseconds: nil, state: state)
        })
        try writer.close()
    }
}
