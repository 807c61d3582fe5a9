import TestSupport
import Testing
@testable import UDFJSON

@Suite struct IncrementalCanonicalWriterTests {
    private static func item(_ id: Int, _ random: inout SplitMix64) -> JSONValue {
        [
            "id": .number(JSONNumber(id)),
            "title": .string("item \(id) with a title long enough to be reused"),
            "tags": .array((0..<Int.random(in: 0...3, using: &random)).map { .string("t\($0)") }),
            "rows": .array((0..<Int.random(in: 0...20, using: &random)).map { .number(JSONNumber($0)) }),
        ]
    }

    /// Long lists edited, grown, shrunk, shifted and swapped, as values
    /// derived from the previous ones (sharing what did not change), give
    /// the plain writer's bytes and hash.
    @Test func randomlyEditedLongListsWriteThePlainBytes() {
        var random = SplitMix64(seed: 2_024)
        let writer = IncrementalCanonicalWriter()
        var items = (0..<60).map { Self.item($0, &random) }
        var other = (0..<20).map { Self.item(1_000 + $0, &random) }
        var nested: [JSONValue] = (0..<18).map { .array((0..<($0 % 20)).map { .number(JSONNumber($0)) }) }
        for round in 0..<500 {
            switch round % 9 {
            case 0, 1, 2:
                items[Int.random(in: 0..<items.count, using: &random)] = Self.item(Int.random(in: 0..<9_999, using: &random), &random)
            case 3:
                items.insert(Self.item(round, &random), at: Int.random(in: 0...items.count, using: &random))
            case 4:
                if items.count > 1 { items.remove(at: Int.random(in: 0..<items.count, using: &random)) }
            case 5:
                items.swapAt(Int.random(in: 0..<items.count, using: &random), Int.random(in: 0..<items.count, using: &random))
            case 6:
                other[Int.random(in: 0..<other.count, using: &random)] = Self.item(round, &random)
                if Bool.random(using: &random) { items.insert(Self.item(round, &random), at: 0) }
            case 7:
                nested[Int.random(in: 0..<nested.count, using: &random)] = .array([.string("n\(round)")])
            default:
                // Shorter than a laid-out array for a while, then long again.
                items = Array(items.prefix(Int.random(in: 1...20, using: &random)))
                while items.count < 40 { items.append(Self.item(items.count + round, &random)) }
            }
            let state: JSONValue = [
                "items": .array(items),
                "more": ["other": .array(other), "count": .number(JSONNumber(round))],
                "nested": .array(nested),
                "plain": .array((0..<(round % 30)).map { .number(JSONNumber($0)) }),
            ]
            let bytes = writer.write(state)
            #expect(bytes == state.canonicalBytes)
            #expect(StateHash.of(bytes) == state.stateHash)
        }
    }

    /// Many edits between two writes, as between two keyframes: past a few
    /// misplaced elements the writer finds the rest by identity in the old
    /// layout. Respellings (NFC to NFD, in values and keys), 0.0 to −0.0,
    /// moves and swaps still give the plain writer's bytes.
    @Test func manyEditsBetweenWritesAndMovesWriteThePlainBytes() {
        var random = SplitMix64(seed: 77)
        let writer = IncrementalCanonicalWriter()
        var items = (0..<64).map { Self.item($0, &random) }
        for round in 0..<120 {
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let index = Int.random(in: 0..<items.count, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0: items[index] = ["caf\u{E9}": .number(JSONNumber(index)), "title": .string("item \(index) with a title long enough to be reused")]
                case 1: items[index] = ["cafe\u{301}": .number(JSONNumber(index)), "title": .string("item \(index) with a title long enough to be reused")]
                case 2: items[index] = ["score": .number(JSONNumber(Bool.random(using: &random) ? 0.0 : -0.0)), "pad": "long enough to be copied as a range"]
                case 3: items.insert(Self.item(round, &random), at: 0)
                case 4: items.swapAt(index, Int.random(in: 0..<items.count, using: &random))
                default: if items.count > 8 { items.remove(at: index) }
                }
            }
            let state: JSONValue = ["items": .array(items)]
            #expect(writer.write(state) == state.canonicalBytes, "round \(round)")
        }
    }

    /// A list at the same path rebuilt from scratch (nothing shared) is
    /// written afresh, not copied from the old layout.
    @Test func unsharedEqualLookingListsAreRewrittenCorrectly() {
        let writer = IncrementalCanonicalWriter()
        func list(_ suffix: String) -> JSONValue {
            ["items": .array((0..<20).map { ["name": .string("entry \($0) \(suffix) padded to be long enough")] })]
        }
        #expect(writer.write(list("a")) == list("a").canonicalBytes)
        #expect(writer.write(list("b")) == list("b").canonicalBytes)
        #expect(writer.write(list("a")) == list("a").canonicalBytes)
    }
}
