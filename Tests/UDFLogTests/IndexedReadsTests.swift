import TestSupport
import Testing
@testable import UDFLog

/// The reads a query makes of the steps the changed-members index names.
@Suite struct IndexedReadsTests {
    /// The bitmap `ChangedMembersTable.steps` gives for `range` when the index names `named`.
    static func touched(_ named: [Int], in range: ClosedRange<Int>) -> (base: Int, bits: [UInt8]) {
        let base = range.lowerBound - range.lowerBound % ChangedMembersTable.stepsPerRow
        var bits = [UInt8](repeating: 0, count: (range.upperBound - base) / ChangedMembersTable.stepsPerRow * 128 + 128)
        for step in named {
            bits[(step - base) / 8] |= 1 << ((step - base) % 8)
        }
        return (base, bits)
    }

    /// The count a byte at a time is the count a step at a time, for ranges
    /// that start and end anywhere in a byte, within one byte or many.
    @Test func namedCountIsTheCountOfEachStepNamed() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let lower = Int.random(in: 0..<3_000, using: &random)
            let range = lower...(lower + Int.random(in: 0..<(Bool.random(using: &random) ? 20 : 3_000), using: &random))
            let density = Int.random(in: 1...100, using: &random)
            let named = range.filter { _ in Int.random(in: 0..<100, using: &random) < density }
            let touched = Self.touched(named, in: range)
            // Named steps just outside the range must not count.
            var wider = touched
            for outside in [range.lowerBound - 1, range.upperBound + 1] where outside >= touched.base && (outside - touched.base) / 8 < wider.bits.count {
                wider.bits[(outside - touched.base) / 8] |= 1 << ((outside - touched.base) % 8)
            }
            for bitmap in [touched, wider] {
                #expect(IndexedReads.namedCount(range, in: bitmap) == range.count { IndexedReads.isNamed($0, in: bitmap) }, "\(range), density \(density)")
            }
        }
    }

    @Test func sparseStepsGoByNumberAndMostlyNamedStretchesWhole() {
        let third = Array(stride(from: 2_100, through: 2_700, by: 2))
        let named = [5, 9] + Array(1_025...2_048) + third + Array(3_073...3_300) + [5_000]
        let range = 1...5_000
        let reads = Array(IndexedReads(touched: Self.touched(named, in: range), range: range))
        #expect(reads == [
            .steps([5, 9]),
            .stretch(1_025...2_048),
            // 301 + 228 steps: past 512, so they go as one query.
            .steps(third + Array(3_073...3_300)),
            .steps([5_000]),
        ])
    }

    @Test func stretchesStartWhereTheRangeStartsAndNothingNamedReadsNothing() {
        let range = 700...1_800
        #expect(Array(IndexedReads(touched: Self.touched(Array(range), in: range), range: range))
            == [.stretch(700...1_723), .stretch(1_724...1_800)])
        #expect(Array(IndexedReads(touched: Self.touched([], in: range), range: range)) == [])
        // Half a stretch named is not most of it: its 512 steps go by number.
        let half = Array(stride(from: 700, through: 1_723, by: 2))
        #expect(half.count == 512)
        #expect(Array(IndexedReads(touched: Self.touched(half, in: range), range: range)) == [.steps(half)])
    }
}
