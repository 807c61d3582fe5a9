import Testing
import UDFJSON
@testable import UDFDiff

@Suite struct JSONPatchRoundTripTests {
    @Test func applyingTheMadePatchGivesTheTarget() throws {
        var random = RandomJSON(seed: 0x5EED)
        var nonEmptyPatches = 0
        for _ in 0..<600 {
            let a = random.value(depth: 4)
            let b = random.mutate(a)
            let patch = JSONPatch.make(from: a, to: b)
            if !patch.operations.isEmpty { nonEmptyPatches += 1 }
            let applied = try patch.apply(to: a)
            #expect(applied == b, "a: \(compactJSON(a))\nb: \(compactJSON(b))\npatch: \(compactJSON(patch.jsonValue))")
            var inPlace = a
            try patch.apply(inPlace: &inPlace)
            #expect(inPlace == b)
            // The patch survives its JSON form.
            #expect(try JSONPatch(jsonValue: patch.jsonValue) == patch)
        }
        #expect(nonEmptyPatches > 400)
    }

    @Test func mutatedIdentifiedArraysRoundTrip() throws {
        var random = RandomJSON(seed: 42)
        var moves = 0
        for _ in 0..<300 {
            let a = random.identifiedArray(depth: 2)
            let b = random.mutate(random.mutate(a))
            let patch = JSONPatch.make(from: a, to: b)
            moves += patch.operations.count { $0.name == "move" }
            let applied = try patch.apply(to: a)
            #expect(applied == b, "a: \(compactJSON(a))\nb: \(compactJSON(b))")
        }
        #expect(moves > 50)
    }

    @Test func aFailingPatchThrowsInPlaceAndLeavesTheOriginalIntactOtherwise() throws {
        let original: JSONValue = ["a": [1, 2], "b": ["c": true]]
        let patch = try JSONPatch(jsonValue: [
            ["op": "replace", "path": "/a/0", "value": 5],
            ["op": "remove", "path": "/b/missing"],
        ])
        var document = original
        #expect(throws: JSONPatchError.self) { try patch.apply(inPlace: &document) }
        #expect(throws: JSONPatchError.self) { try patch.apply(to: original) }
        #expect(original == ["a": [1, 2], "b": ["c": true]])
    }

    @Test func equalValuesMakeAnEmptyPatch() {
        let value: JSONValue = ["todos": [["id": 1, "done": false]], "filter": "all"]
        #expect(JSONPatch.make(from: value, to: value).operations.isEmpty)
    }
}
