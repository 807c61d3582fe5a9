import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
import UDFLog
import UDFRecorder
import UDFSQLite

/// `blame` on the demo recording, and its patch-reading strategy checked
/// against walking every state of the workload.
@Suite struct InspectBlameCommandTests {
    private func changes(_ arguments: [String], file: String = Fixtures.demo) async throws -> (status: Int32, changes: [[String]], stderr: String) {
        let result = await InspectorHarness.run(["blame", file] + arguments + ["--json"])
        let json = try JSONParser().parse(Array(result.stdout.utf8))
        let changes = json["changes"]?.arrayValue?.map { change in
            [
                change["step"]?.numberValue?.text ?? "?",
                change["kind"]?.stringValue ?? "?",
                change["old"]?.canonicalText ?? "-",
                change["new"]?.canonicalText ?? "-",
                change["actionName"]?.stringValue ?? "-",
            ]
        } ?? []
        return (result.status, changes, result.stderr)
    }

    /// A value is cut only when it has more than 60 characters, however
    /// many bytes they take: the byte count only lets short text skip counting.
    @Test func valuesAreCutByCharactersNotBytes() {
        for unit in ["a", "\u{e9}", "e\u{301}", "\u{1F600}", "\u{1F1EF}\u{1F1F5}"] {
            for length in 55...64 {
                // A JSON string's text has two quotes around it.
                let value = JSONValue.string(String(repeating: unit, count: length - 2))
                let text = value.canonicalText
                let alone = ValueExcerpt.describe(value.canonicalBytes)
                let pair = ValueExcerpt.describe(JSONValue.string("x").canonicalBytes, value.canonicalBytes)
                if text.count <= ValueExcerpt.width {
                    #expect(alone == text, "\(unit) × \(length)")
                    #expect(pair == "\"x\" → " + text, "\(unit) × \(length)")
                } else {
                    #expect(alone.count == ValueExcerpt.width && alone.hasSuffix("…"), "\(unit) × \(length)")
                    #expect(pair.hasPrefix("\"x\" → ") && pair.count < "\"x\" → ".count + text.count, "\(unit) × \(length)")
                }
            }
        }
    }

    @Test func listsExactlyTheStepsThatChangedTheTodo() async throws {
        let todo = #"{"done":false,"id":2,"title":"Walk the dog"}"#
        let found = try await changes([".todos[id=2]"])
        #expect(found.status == 0)
        #expect(found.changes == [
            ["2", "added", "-", todo, "addTodo"],
            ["11", "removed", todo, "-", "deleteTodos"],
        ])
    }

    @Test func followsAnIndexThroughShiftsAndStopsAtAt() async throws {
        // Index 1 is "Walk the dog" until step 11 removes it and "Pay rent" moves up.
        let found = try await changes([".todos[1].title"])
        #expect(found.changes == [
            ["2", "added", "-", #""Walk the dog""#, "addTodo"],
            ["11", "changed", #""Walk the dog""#, #""Pay rent""#, "deleteTodos"],
        ])
        #expect(try await changes([".todos[1].title", "--at", "10"]).changes.map(\.first) == ["2"])
        #expect(try await changes([".filter"]).changes.map(\.first) == ["10", "13"])
        #expect(try await changes([".todos[*].done"]).changes.map(\.first) == ["1", "2", "3", "8", "9", "11", "12"])
    }

    @Test func unchangedAndMissingPathsExitWithOne() async {
        let unchanged = await InspectorHarness.run(["blame", Fixtures.demo, ".todos", "--at", "0"])
        #expect(unchanged.status == 1)
        #expect(unchanged.stderr == "No step up to 0 changed .todos: it holds its value from step 0.\n")
        let missing = await InspectorHarness.run(["blame", Fixtures.demo, ".todoz"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "The path .todoz selects nothing at any step 0…13.\n")
    }

    /// `--json` streams. A step that fails after some changes were printed
    /// closes the document, so stdout is still one JSON document, of the
    /// changes before it; the error and exit 65 say it is not whole.
    @Test func aBrokenStepEndsTheStreamedDocumentWhole() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "broken.udf")
        let database = try Database(path: path, mode: .readWrite)
        try database.execute(#"UPDATE steps SET patch = '[{"op":"add","path":"/todos/99","value":1}]' WHERE step = 9 AND patch IS NOT NULL"#)
        database.close()
        let result = await InspectorHarness.run(["blame", path, ".todos", "--json"])
        #expect(result.status == 65)
        let error = "Error: step 9 of timeline 'main' is corrupt: its patch does not apply: patch operation 0 (add): "
            + "index 99 at /todos/99 is out of range for an array of 3 elements\n"
        #expect(result.stderr == error)
        let document = try JSONParser().parse(Array(result.stdout.utf8))
        #expect(document["changes"]?.arrayValue?.map { $0["step"]?.numberValue?.intValue } == [1, 2, 3, 8])
        #expect(document["path"]?.stringValue == ".todos")
        // Text prints nothing but the error: its table waits for every row.
        let text = await InspectorHarness.run(["blame", path, ".todos"])
        #expect(text.status == 65)
        #expect(text.stdout == "")
        #expect(text.stderr == error)
    }

    @Test func malformedPathsAndStepsAreUsageErrors() async {
        let path = await InspectorHarness.run(["blame", Fixtures.demo, ".todos["])
        #expect(path.status == 64)
        #expect(path.stderr.hasPrefix("Error: invalid path '.todos[': expected an index, '*', a quoted key or 'id=' after '[' at column 8\n"))
        let step = await InspectorHarness.run(["blame", Fixtures.demo, ".filter", "--at", "99"])
        #expect(step.status == 64)
        #expect(step.stderr == "Error: step 99 does not exist: timeline 'main' has steps 0…13\n")
    }

    @Test(arguments: [
        ".nextID", ".filter", ".todos", ".todos[0]", ".todos[3].done", ".todos[id=7]", ".todos[id=12].title", ".login.user",
        ".todos[id=1]", ".todos[id=30]", ".todos[id=60].done", ".todos[id=100]", ".todos[id=9999]",
    ])
    func readingPatchesAgreesWithWalkingEveryState(_ text: String) throws {
        let recording = try Recording(path: Fixtures.workload)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let blame = PathBlame(path: try JSONPath(parsing: text))
        let fromPatches = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches)
        let fromWalk = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
        #expect(fromPatches.changes == fromWalk.changes)
        #expect(fromPatches.everSelected == fromWalk.everSelected)
    }

    @Test func anInsertionBeforeTheRouteMayChangeItAndASiblingReplaceMayNot() throws {
        let state: JSONValue = ["todos": [["id": 1, "title": "a"], ["id": 2, "title": "b"]], "filter": "all"]
        let byIndex = PathRoute(try JSONPath(parsing: ".todos[1].title"), in: state)
        #expect(byIndex.tokens == ["todos", "1", "title"])
        #expect(byIndex.mayChange(under: .add(path: try JSONPointer(parsing: "/todos/0"), value: 0)))
        #expect(byIndex.mayChange(under: .remove(path: try JSONPointer(parsing: "/todos"))))
        #expect(!byIndex.mayChange(under: .replace(path: try JSONPointer(parsing: "/todos/0/title"), value: "x")))
        #expect(!byIndex.mayChange(under: .replace(path: try JSONPointer(parsing: "/filter"), value: "x")))
        let byID = PathRoute(try JSONPath(parsing: ".todos[id=2].title"), in: state)
        #expect(byID.anchorCount == 1)
        // Another element may take id 2, so any change inside the array counts.
        #expect(byID.mayChange(under: .replace(path: try JSONPointer(parsing: "/todos/0/id"), value: 2)))
        #expect(!byID.mayChange(under: .replace(path: try JSONPointer(parsing: "/filter"), value: "x")))
    }

    @Test func whileNoElementHoldsTheIdOnlyAWriteThatBringsItCounts() throws {
        let state: JSONValue = ["todos": [["id": 1, "title": "a"], ["id": 3, "title": "c"]], "filter": "all"]
        let route = PathRoute(try JSONPath(parsing: ".todos[id=2]"), in: state)
        #expect(route.identity?.holder == nil)
        func pointer(_ text: String) throws -> JSONPointer { try JSONPointer(parsing: text) }
        #expect(route.mayChange(under: .add(path: try pointer("/todos/-"), value: ["id": 2, "title": "b"])))
        #expect(route.mayChange(under: .add(path: try pointer("/todos/0"), value: ["id": 2.0])))
        #expect(route.mayChange(under: .replace(path: try pointer("/todos/1/id"), value: 2)))
        #expect(route.mayChange(under: .replace(path: try pointer("/todos"), value: [])))
        #expect(route.mayChange(under: .move(from: try pointer("/other/0"), path: try pointer("/todos/0"))))
        #expect(!route.mayChange(under: .add(path: try pointer("/todos/-"), value: ["id": 4, "title": "d"])))
        #expect(!route.mayChange(under: .replace(path: try pointer("/todos/1/id"), value: 5)))
        #expect(!route.mayChange(under: .replace(path: try pointer("/todos/1/title"), value: "x")))
        #expect(!route.mayChange(under: .remove(path: try pointer("/todos/0"))))
        #expect(!route.mayChange(under: .remove(path: try pointer("/todos/0/id"))))

        let held = PathRoute(try JSONPath(parsing: ".todos[id=3]"), in: state)
        #expect(held.identity?.holder == "1")
        #expect(held.mayChange(under: .add(path: try pointer("/todos/0"), value: ["id": 9])))
        #expect(held.mayChange(under: .remove(path: try pointer("/todos/0"))))
        #expect(held.mayChange(under: .replace(path: try pointer("/todos/1/title"), value: "x")))
        #expect(held.mayChange(under: .replace(path: try pointer("/todos/0"), value: ["id": 3])))
        #expect(!held.mayChange(under: .replace(path: try pointer("/todos/0"), value: ["id": 8])))
        #expect(!held.mayChange(under: .replace(path: try pointer("/todos/0/title"), value: "x")))
    }

    struct Item: Codable, Sendable { var id: Int; var title: String }
    struct Box: Codable, Sendable { var items: [Item]; var note: String }
    enum Edit: Codable, Sendable { case edit(Int) }

    /// Ids that come, go, come back, and move between elements: the patch
    /// strategy must find exactly what walking every state finds.
    @Test(arguments: [UInt64(1), 2, 3])
    func identitiesThatReappearAreFollowedFromPatches(_ seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ids.udf")
        let recorder = try Recorder(path: path, app: "Ids", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 16)))
        var random = SplitMix64(seed: seed)
        var box = Box(items: [], note: "")
        recorder.start(state: box)
        for step in 1...400 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1: box.items.insert(Item(id: Int.random(in: 0..<8, using: &random), title: "t\(step)"), at: Int.random(in: 0...box.items.count, using: &random))
            case 2: if !box.items.isEmpty { box.items.remove(at: Int.random(in: 0..<box.items.count, using: &random)) }
            case 3: if !box.items.isEmpty { box.items[Int.random(in: 0..<box.items.count, using: &random)].id = Int.random(in: 0..<8, using: &random) }
            case 4: if !box.items.isEmpty { box.items[Int.random(in: 0..<box.items.count, using: &random)].title = "e\(step)" }
            default: box.note = "n\(step)"
            }
            recorder.record(action: Edit.edit(step), state: box)
        }
        try recorder.close()
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        for text in (0..<9).map({ ".items[id=\($0)]" }) + [".items[id=3].title", ".items[id=5].id"] {
            let blame = PathBlame(path: try JSONPath(parsing: text))
            let fromPatches = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches)
            let fromWalk = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
            #expect(fromPatches.changes == fromWalk.changes, "\(text), seed \(seed)")
            #expect(fromPatches.everSelected == fromWalk.everSelected, "\(text), seed \(seed)")
        }
    }
}
