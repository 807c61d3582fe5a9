import TestSupport
import Testing
import UDFJSON
@testable import UDFDiff

/// Equal ends scanned in parts at once (arrays of one length, 4,096
/// elements or more, sharing no storage at either end) are the ends one
/// scan from each end finds.
@Suite struct CommonEndsTests {
    /// Look-alikes that `==` tells apart or not: normalization pairs, `0`
    /// and `-0`, `1` and `1.0`.
    static let lookAlikes: [JSONValue] = [
        "caf\u{E9}", "cafe\u{301}", 0, .number(JSONNumber(literal: "-0")!), 1, .number(JSONNumber(literal: "1.0")!),
    ]

    @Test func thePartsFindWhatOneScanFinds() throws {
        var random = RandomJSON(seed: 0xE2D5)
        for round in 0..<2_000 {
            let count = random.int(0...40)
            let old = (0..<count).map { _ in random.chance(20) ? Self.lookAlikes[random.int(0...5)] : random.value(depth: 2) }
            var new = old
            for _ in 0..<random.int(0...3) where !new.isEmpty {
                // At either side of a part's edge and at the ends as often as anywhere.
                let edge = count * random.int(1...(CommonEnds.scanParts - 1)) / CommonEnds.scanParts
                let positions = [0, edge - 1, edge, count - 1, random.int(0...(count - 1))]
                let index = max(0, positions[random.int(0...4)])
                new[index] = random.chance(30) ? Self.lookAlikes[random.int(0...5)] : random.mutate(new[index])
            }
            if random.chance(15), !new.isEmpty { new.removeLast() }
            if random.chance(40) {
                // Storage shared with nothing: the ends are found by `==`, not by bits.
                new = try JSONParser().parse(JSONValue.array(new).canonicalText).arrayValue ?? []
            }
            let plain = CommonEnds(old, new, inParts: false)
            #expect(CommonEnds(old, new, inParts: true) == plain, "round \(round): \(JSONValue.array(old)) → \(JSONValue.array(new))")
        }
    }

    @Test(arguments: [[], [0], [624], [625], [2_499], [2_500], [4_999], [7, 4_990], [624, 4_375], [2_499, 2_500]])
    func aLongArrayDiffsAsThePlainDiff(changed: [Int]) throws {
        var random = RandomJSON(seed: 0x5000)
        let old = (0..<5_000).map { _ in random.identified(depth: 1) }
        var new = try JSONParser().parse(JSONValue.array(old).canonicalText).arrayValue ?? []
        for index in changed {
            new[index] = random.identified(depth: 1)
        }
        #expect(new.count == 5_000)
        #expect(CommonEnds(old, new, inParts: true) == CommonEnds(old, new, inParts: false))
        // A Bool, so that a failure names the case, not 5,000 elements.
        let diffsAgree = JSONDiff.diff(.array(old), .array(new)) == PlainJSONDiff.diff(.array(old), .array(new))
        #expect(diffsAgree, "changed at \(changed)")
    }
}
