import Foundation
import Synchronization
import UDFJSON

/// How many elements two arrays share, equal and in place, at the front and
/// at the back; the two never overlap.
struct CommonEnds: Equatable {
    let prefix: Int
    let suffix: Int

    /// Arrays of one length at least this long that share no storage at
    /// either end are scanned in two halves at once: comparing two
    /// independently built 1 MB states is bound by reading both, and two
    /// cores read twice as much. Arrays that share storage are compared by
    /// bits, faster than a second thread starts.
    static let splitMinimum = 4_096

    init(_ old: [JSONValue], _ new: [JSONValue]) {
        let split = old.count == new.count && old.count >= Self.splitMinimum
            && !Self.comparing(old, new, { _, bitsEqual in bitsEqual(0) || bitsEqual(old.count - 1) })
        self.init(old, new, inHalves: split)
    }

    /// `inHalves`, for arrays of one length only: the two-thread scan.
    init(_ old: [JSONValue], _ new: [JSONValue], inHalves: Bool) {
        if inHalves, old.count == new.count {
            (prefix, suffix) = Self.scanInHalves(old, new)
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

    /// The ends of two arrays of one length: each half, on its own thread,
    /// finds its first and last differing positions; the first half's
    /// first and the second half's last (or the other half's, where one
    /// half has none) are the whole arrays', as a scan from each end finds.
    private static func scanInHalves(_ old: [JSONValue], _ new: [JSONValue]) -> (prefix: Int, suffix: Int) {
        let count = old.count
        let halves = [0..<count / 2, count / 2..<count]
        let found = Mutex<[(first: Int, last: Int)?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: halves.count) { half in
            let range = halves[half]
            let ends: (first: Int, last: Int)? = comparing(old, new) { equal, _ in
                var first = range.lowerBound
                while first < range.upperBound, equal(first, first) { first += 1 }
                guard first < range.upperBound else { return nil }
                var last = range.upperBound - 1
                while last > first, equal(last, last) { last -= 1 }
                return (first, last)
            }
            found.withLock { $0[half] = ends }
        }
        let differing = found.withLock { $0 }
        guard let first = differing[0]?.first ?? differing[1]?.first,
              let last = differing[1]?.last ?? differing[0]?.last else {
            return (count, 0)
        }
        return (first, count - 1 - last)
    }
}
