import Foundation
import UDFJSON

/// How many elements two arrays share, equal and in place, at the front and
/// at the back; the two never overlap.
struct CommonEnds: Equatable {
    let prefix: Int
    let suffix: Int

    /// Arrays of one length at least this long that share no storage at
    /// either end are scanned in parts at once: comparing two
    /// independently built 1 MB states is bound by reading both, and two
    /// cores read twice as much. Arrays that share storage are compared by
    /// bits, faster than a second thread starts.
    static let splitMinimum = 4_096

    /// The parts of a split scan: more than the cores, so that the faster
    /// core takes more of them (`ParallelParts`).
    static let scanParts = 8

    init(_ old: [JSONValue], _ new: [JSONValue]) {
        let split = old.count == new.count && old.count >= Self.splitMinimum
            && !Self.comparing(old, new, { _, bitsEqual in bitsEqual(0) || bitsEqual(old.count - 1) })
        self.init(old, new, inParts: split)
    }

    /// `inParts`, for arrays of one length only: the scan on every core.
    init(_ old: [JSONValue], _ new: [JSONValue], inParts: Bool) {
        if inParts, old.count == new.count {
            (prefix, suffix) = Self.scanInParts(old, new)
            return
        }
        (prefix, suffix) = Self.comparing(old, new) { equal, _ in
            let shorter = min(old.count, new.count)
            var prefix = 0
            while prefix < shorter, equal(prefix, prefix) { prefix += 1 }
            var suffix = 0
            while suffix < shorter - prefix, equal(old.count - 1 - suffix, new.count - 1 - suffix) {
                suffix += 1
            }
            return (prefix, suffix)
        }
    }

    /// Runs `body` with the one element equality: same bits first, a
    /// memcmp with no reference counting; `equalInPlace` only where the
    /// bits differ, and it decides. `bitsEqual` is the first half alone, at one index.
    private static func comparing<Result>(
        _ old: [JSONValue], _ new: [JSONValue],
        _ body: (_ equal: (Int, Int) -> Bool, _ bitsEqual: (Int) -> Bool) -> Result
    ) -> Result {
        let size = MemoryLayout<JSONValue>.size
        return old.withUnsafeBufferPointer { mine in
            new.withUnsafeBufferPointer { theirs in
                // An empty array has no index to compare.
                guard let a = mine.baseAddress, let b = theirs.baseAddress else { return body({ _, _ in false }, { _ in false }) }
                func sameBits(_ o: Int, _ n: Int) -> Bool { memcmp(a + o, b + n, size) == 0 }
                // Read in place: no copy, no reference counting.
                return body({ o, n in sameBits(o, n) || JSONValue.equalInPlace(a + o, b + n) }, { sameBits($0, $0) })
            }
        }
    }

    /// The ends of two arrays of one length: each part (`ParallelParts`)
    /// finds its first and last differing positions; the first such
    /// part's first and the last such part's last are the whole arrays',
    /// as a scan from each end finds.
    private static func scanInParts(_ old: [JSONValue], _ new: [JSONValue]) -> (prefix: Int, suffix: Int) {
        let differing = ParallelParts.map(old.count, parts: Self.scanParts) { range -> (first: Int, last: Int)? in
            comparing(old, new) { equal, _ in
                var first = range.lowerBound
                while first < range.upperBound, equal(first, first) { first += 1 }
                guard first < range.upperBound else { return nil }
                var last = range.upperBound - 1
                while last > first, equal(last, last) { last -= 1 }
                return (first, last)
            }
        }.compactMap { $0 }
        guard let first = differing.first?.first, let last = differing.last?.last else {
            return (old.count, 0)
        }
        return (first, old.count - 1 - last)
    }
}
