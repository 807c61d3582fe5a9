import Foundation
import Testing
@testable import UDFJSON

/// The incremental encoder reuses an encoding only with a proof: the same
/// buffer or the same field bytes, and no reference reached from the value.
@Suite struct ReuseProofTests {
    final class Tally: Codable, @unchecked Sendable {
        var count = 0
    }

    /// The first element carries no class; a later one does.
    enum Slot: Codable {
        case empty
        case named(String)
        case counted(Tally)
    }

    struct Item: Codable {
        var done: Bool
        var id: Int
        var slot: Slot
    }

    @Test func theScanJudgesEachValueNotItsType() {
        let scan = ReferenceScan()
        #expect(!scan.holdsReference(Slot.empty, knownArrays: [:]))
        #expect(!scan.holdsReference(Slot.named("a"), knownArrays: [:]))
        #expect(scan.holdsReference(Slot.counted(Tally()), knownArrays: [:]))
        #expect(!scan.holdsReference(Optional<Tally>.none, knownArrays: [:]))
        #expect(scan.holdsReference(Optional(Tally()), knownArrays: [:]))
        #expect(scan.holdsReference([Item(done: true, id: 1, slot: .empty), Item(done: false, id: 2, slot: .counted(Tally()))], knownArrays: [:]))
        #expect(!scan.holdsReference(["a": [1.5, -0.0]], knownArrays: [:]))
        #expect(scan.holdsReference(Closure(run: { 1 }), knownArrays: [:]))
        #expect(scan.isValueType([String: [Int]].self))
        #expect(!scan.isValueType(Item.self))
        #expect(scan.isValueType(Plain.self))
        #expect(scan.isValueType((Int, Plain?).self))
        #expect(!scan.isValueType(Closure.self))
        #expect(!scan.isValueType(Pointing.self))
        #expect(!scan.isValueType(Tally.self))
        #expect(!scan.isValueType((Int, Tally).self))
    }

    @Test func anEnumWhoseOtherCaseCarriesAClassIsNeverStale() throws {
        let tally = Tally()
        var items = [Item(done: true, id: 1, slot: .empty), Item(done: false, id: 2, slot: .counted(tally))]
        let encoder = IncrementalJSONEncoder()
        _ = try encoder.encode(["items": items])
        for round in 1...3 {
            tally.count = round
            items[0].id = 1  // a write, so the buffer is copied as a host's would be
            let fast = try encoder.encode(["items": items])
            #expect(fast == (try JSONValueEncoder().encode(["items": items])))
            #expect(fast["items"]?.arrayValue?[1] == ["done": false, "id": 2, "slot": ["counted": ["_0": ["count": .number(JSONNumber(round))]]]])
        }
    }

    @Test func anArrayOfAFinalClassIsEncodedAfreshEveryTime() throws {
        let tallies = [Tally(), Tally()]
        let encoder = IncrementalJSONEncoder()
        #expect(try encoder.encode(["t": tallies]) == ["t": [["count": 0], ["count": 0]]])
        tallies[1].count = 9
        // The same buffer, the same references: only a fresh encoding sees 9.
        #expect(try encoder.encode(["t": tallies]) == ["t": [["count": 0], ["count": 9]]])
    }

    @Test func fieldBytesSkipPaddingAndKeepEnumsWhole() {
        let item = FieldBytes.of(Item.self)
        let id = MemoryLayout<Item>.offset(of: \Item.id)!
        let slot = MemoryLayout<Item>.offset(of: \Item.slot)!
        #expect(item.ranges == [0..<1, id..<(slot + MemoryLayout<Slot>.size)])
        #expect(FieldBytes.of(Slot.self).ranges == [0..<MemoryLayout<Slot>.size])
        #expect(FieldBytes.of(Int.self).ranges == [0..<8])
        #expect(FieldBytes.of(Tally.self).ranges == [0..<8])
        #expect(FieldBytes.of(Void.self).ranges == [])
    }

    @Test func equalElementsWithDifferentPaddingAreReused() throws {
        var items = (0..<50).map { Item(done: $0 % 2 == 0, id: $0, slot: .named("n\($0)")) }
        let encoder = IncrementalJSONEncoder()
        let before = try encoder.encode(["items": items])
        items[7].done.toggle()
        let after = try encoder.encode(["items": items])
        let fresh = zip(try #require(before["items"]?.arrayValue), try #require(after["items"]?.arrayValue)).enumerated()
            .filter { !$0.element.0.isIdentical(to: $0.element.1) }.map(\.offset)
        #expect(fresh == [7])
        #expect(after == (try JSONValueEncoder().encode(["items": items])))
    }

    private struct Plain {
        var id: Int
        var name: String
        var scores: [Double]
        var when: Date
        var nested: [String: [Int]]
    }

    private struct Pointing {
        var id: Int
        var target: UnsafeMutablePointer<Int>
    }

    private struct Closure {
        let run: () -> Int
    }
}

/// A row shaped like a real app's: padding after a `Bool` between scalars,
/// strings and a nested array.
private struct AppRow: Codable {
    var id: Int
    var title: String
    var owner: String
    var done: Bool
    var priority: Int
    var score: Double
    var tags: [String]
}

extension ReuseProofTests {
    @Test func aCopiedBufferOfAppRowsReusesEveryUnchangedRow() throws {
        var rows = (0..<2_000).map { AppRow(id: $0, title: "t\($0)", owner: "o", done: false, priority: $0 % 3, score: 1, tags: ["a", "b"]) }
        let encoder = IncrementalJSONEncoder()
        var previous = try encoder.encode(["rows": rows])
        for step in 0..<5 {
            rows[step * 100].score += 1
            let next = try encoder.encode(["rows": rows])
            let fresh = zip(try #require(previous["rows"]?.arrayValue), try #require(next["rows"]?.arrayValue)).enumerated()
                .filter { !$0.element.0.isIdentical(to: $0.element.1) }.map(\.offset)
            #expect(fresh == [step * 100])
            previous = next
        }
    }
}
