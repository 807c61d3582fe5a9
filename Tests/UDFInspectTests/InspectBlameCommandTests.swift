import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
import UDFLog

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

    @Test func malformedPathsAndStepsAreUsageErrors() async {
        let path = await InspectorHarness.run(["blame", Fixtures.demo, ".todos["])
        #expect(path.status == 64)
        #expect(path.stderr.hasPrefix("Error: invalid path '.todos[': expected an index, '*', a quoted key or 'id=' after '[' at column 8\n"))
        let step = await InspectorHarness.run(["blame", Fixtures.demo, ".filter", "--at", "99"])
        #expect(step.status == 64)
        #expect(step.stderr == "Error: step 99 does not exist: timeline 'main' has steps 0…13\n")
    }

    @Test(arguments: [".nextID", ".filter", ".todos", ".todos[0]", ".todos[3].done", ".todos[id=7]", ".todos[id=12].title", ".login.user"])
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
}
