import Testing
import UDFJSON
@testable import UDFDiff

@Suite struct DiffArrayTests {
    private func numbers(_ range: Range<Int>) -> [JSONValue] {
        range.map { .number(JSONNumber($0)) }
    }

    @Test func frontInsertionIsOneInsertedEntry() throws {
        let old = numbers(0..<10_000)
        let node = try #require(JSONDiff.diff(.array(old), .array(["new"] + old)))
        guard case .array(let array) = node else {
            Issue.record("expected an array diff, got \(node)")
            return
        }
        #expect(array.matching == .sequence)
        #expect(array.entries == [
            .inserted(newIndex: 0, id: nil, value: "new"),
            .unchanged(oldIndex: 0, newIndex: 1, elements: (["new"] + old)[1...]),
        ])
        #expect(array.entries.map(\.unchangedCount) == [0, 10_000])
    }

    @Test func frontInsertionIntoAnIdentifiedArrayIsOneAdd() throws {
        let old: [JSONValue] = (0..<10_000).map { ["id": .number(JSONNumber($0)), "title": "t"] }
        let fresh: JSONValue = ["id": -1, "title": "first"]
        let node = try #require(JSONDiff.diff(.array(old), .array([fresh] + old)))
        guard case .array(let array) = node else {
            Issue.record("expected an array diff, got \(node)")
            return
        }
        #expect(array.matching == .identity)
        #expect(array.entries.first == .inserted(newIndex: 0, id: -1, value: fresh))
        #expect(array.entries.dropFirst().allSatisfy { $0.unchangedCount > 0 })
        #expect(node.patch().operations == [.add(path: JSONPointer(tokens: ["0"]), value: fresh)])
        #expect(TreeDiffRenderer().render(node) == """
              [
            +   [id=-1]: {
            +     "id": -1
            +     "title": "first"
            +   }
                … (10000 unchanged)
              ]
            """)
    }

    @Test func duplicateIDsFallBackToSequenceMatching() throws {
        let a: JSONValue = [["id": 1, "v": 1], ["id": 1, "v": 2]]
        let b: JSONValue = [["id": 1, "v": 2]]
        let node = try #require(JSONDiff.diff(a, b))
        guard case .array(let array) = node else {
            Issue.record("expected an array diff, got \(node)")
            return
        }
        #expect(array.matching == .sequence)
        #expect(array.entries == [
            .removed(oldIndex: 0, id: nil, value: ["id": 1, "v": 1]),
            .unchanged(oldIndex: 1, newIndex: 0, elements: [["id": 1, "v": 2]][0...]),
        ])
    }

    @Test func adjacentRemoveAndInsertOfScalarsStaySeparate() throws {
        let node = try #require(JSONDiff.diff([1, 2, 3], [1, 5, 3]))
        #expect(TreeDiffRenderer().render(node) == """
              [
                [0]: 1
            -   [1]: 2
            +   [1]: 5
                [2]: 3
              ]
            """)
        #expect(compactJSON(node.patch().jsonValue)
            == #"[{"op":"remove","path":"/1"},{"op":"add","path":"/1","value":5}]"#)
    }

    @Test func wholesaleChangesBeyondTheEditLimitStillRoundTrip() throws {
        let a = JSONValue.array(numbers(0..<2_000))
        let b = JSONValue.array(numbers(5_000..<7_000))
        let patch = JSONPatch.make(from: a, to: b)
        #expect(patch.operations.count == 4_000)
        #expect(try patch.apply(to: a) == b)
    }

    @Test func oneLeafChangeInALargeStateIsOneReplace() throws {
        let todos: [JSONValue] = (0..<5_000).map { index in
            ["id": .number(JSONNumber(index)), "title": .string("Todo number \(index)"), "done": false]
        }
        let a: JSONValue = ["todos": .array(todos), "filter": "all"]
        var edited = todos
        edited[2_500] = ["id": 2_500, "title": "Todo number 2500", "done": true]
        let b: JSONValue = ["todos": .array(edited), "filter": "all"]
        let node = try #require(JSONDiff.diff(a, b))
        #expect(PathsDiffRenderer().render(node) == ".todos[id=2500].done: false → true")
        #expect(node.patch().operations == [.replace(path: JSONPointer(tokens: ["todos", "2500", "done"]), value: true)])
    }
}

extension DiffArrayTests {
    @Test func reversingAThousandIdentifiedElementsRoundTrips() throws {
        let old: [JSONValue] = (0..<1_000).map { ["id": .number(JSONNumber($0))] }
        let a = JSONValue.array(old)
        let b = JSONValue.array(old.reversed())
        let patch = JSONPatch.make(from: a, to: b)
        #expect(patch.operations.allSatisfy { $0.name == "move" })
        #expect(try patch.apply(to: a) == b)
    }
}

@Suite struct DiffEmptyIdentifiedArrayTests {
    @Test func theFirstElementAddedToAnEmptyArrayIsLabelledByItsID() throws {
        let node = try #require(JSONDiff.diff(["todos": []], ["todos": [["id": 1, "title": "Buy milk"]]]))
        #expect(PathsDiffRenderer().render(node) == #".todos[id=1]: added {"id":1,"title":"Buy milk"}"#)
    }
}
