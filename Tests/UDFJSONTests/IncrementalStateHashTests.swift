import TestSupport
import Testing
@testable import UDFJSON

@Suite struct IncrementalStateHashTests {
    @Test func firstTextHashesLikeThePlainHash() {
        let hasher = IncrementalStateHash()
        #expect(hasher.of([]) == "cbf29ce484222325")
        #expect(hasher.of(Array("foobar".utf8)) == "85944171f73967e8")
        #expect(hasher.of(Array("a".utf8)) == "af63dc4c8601ec8c")
    }

    @Test func randomEditsOfLongTextsHashLikeThePlainHash() {
        var random = SplitMix64(seed: 77)
        let hasher = IncrementalStateHash()
        var bytes = (0..<5_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        for round in 0..<400 {
            switch round % 5 {
            case 0:
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1
            case 1:
                let at = Int.random(in: 0...bytes.count, using: &random)
                bytes.insert(contentsOf: (0..<Int.random(in: 1...3_000, using: &random)).map { UInt8($0 & 0xFF) }, at: at)
            case 2:
                let count = Int.random(in: 1...Swift.min(2_500, bytes.count), using: &random)
                let start = Int.random(in: 0...(bytes.count - count), using: &random)
                bytes.removeSubrange(start..<(start + count))
            case 3:
                // Exactly on and around a checkpoint boundary.
                let boundary = IncrementalStateHash.checkpointSpacing * Int.random(in: 1...3, using: &random)
                let at = Swift.min(bytes.count - 1, boundary + Int.random(in: -1...0, using: &random))
                bytes[at] &+= 1
            default:
                bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
                if bytes.count < 4_000 {
                    bytes += (0..<4_000).map { _ in UInt8.random(in: 0...255, using: &random) }
                }
            }
            #expect(hasher.of(bytes) == StateHash.of(bytes))
            #expect(hasher.value(of: bytes) == StateHash.value(of: bytes))
        }
    }

    @Test func canonicalTextsOfRandomlyEditedStatesHashLikeTheirStateHash() {
        var random = SplitMix64(seed: 5)
        let hasher = IncrementalStateHash()
        var items: [JSONValue] = (0..<300).map { index in ["id": .number(JSONNumber(index)), "title": .string("item \(index)")] }
        for _ in 0..<100 {
            let index = Int.random(in: 0..<items.count, using: &random)
            items[index] = ["id": .number(JSONNumber(index)), "title": .string("edited \(Int.random(in: 0..<1_000, using: &random))")]
            let state = JSONValue.object(["items": .array(items)])
            #expect(hasher.of(state.canonicalBytes) == state.stateHash)
        }
    }

    @Test func resetStartsOver() {
        let hasher = IncrementalStateHash()
        let bytes = [UInt8](repeating: 7, count: 3_000)
        _ = hasher.of(bytes)
        hasher.reset()
        #expect(hasher.of(bytes) == StateHash.of(bytes))
        #expect(hasher.of([]) == "cbf29ce484222325")
    }
}
