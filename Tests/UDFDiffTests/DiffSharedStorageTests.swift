import Testing
import UDFJSON
@testable import UDFDiff

/// The diff's storage shortcuts (identical containers, equal ends of arrays)
/// give the same result as comparing values that share nothing.
@Suite struct DiffSharedStorageTests {
    /// A copy of `value` that shares no storage with it.
    static func unshared(_ value: JSONValue) throws -> JSONValue {
        try JSONParser().parse(value.canonicalText)
    }

    @Test func sharedAndUnsharedPairsDiffAlike() throws {
        var random = RandomJSON(seed: 77)
        for round in 0..<400 {
            let a = round % 2 == 0 ? random.value(depth: 4) : random.identifiedArray(depth: 2)
            let b = random.mutate(random.mutate(a))
            let shared = JSONDiff.diff(a, b)
            #expect(shared == JSONDiff.diff(try Self.unshared(a), try Self.unshared(b)))
            #expect(try JSONPatch.make(from: a, to: b).apply(to: a) == b)
        }
    }

    @Test func oneChangedElementOfALargeIdentifiedArrayIsOneEntryBetweenTwoRuns() throws {
        let rows: [JSONValue] = (0..<10_000).map { ["id": .number(JSONNumber($0)), "score": 1] }
        var changed = rows
        changed[4_321] = ["id": 4_321, "score": 2]
        let node = try #require(JSONDiff.diff(.array(rows), .array(changed)))
        guard case .array(let array) = node else {
            Issue.record("expected an array diff, got \(node)")
            return
        }
        #expect(array.matching == .identity)
        #expect(array.entries.count == 3)
        #expect(array.entries[0] == .unchanged(oldIndex: 0, newIndex: 0, elements: changed[0..<4_321]))
        #expect(array.entries[1] == .changed(
            oldIndex: 4_321, newIndex: 4_321, id: 4_321,
            diff: .object(ObjectDiff(entries: [.unchanged(key: "id", value: 4_321), .changed(key: "score", diff: .replaced(old: 1, new: 2))]))
        ))
        #expect(array.entries[2] == .unchanged(oldIndex: 4_322, newIndex: 4_322, elements: changed[4_322...]))
    }

    @Test func identicalContainersHaveNoDiff() {
        let value: JSONValue = ["rows": .array((0..<100).map { .number(JSONNumber($0)) })]
        let copy = value
        #expect(JSONDiff.diff(value, copy) == nil)
    }
}
