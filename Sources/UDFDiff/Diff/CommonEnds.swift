import Foundation
import Synchronization
import UDFJSON

/// How many elements two arrays share, equal and in place, at the front and
/// at the back; the two never overlap.
struct CommonEnds: Equatable {
    let prefix: Int
    let suffix: Int

    /// Arrays of one length at least this long are scanned in two halves
    /// at once: comparing two independently built 1 MB states is bound by
    /// reading both, and two cores read twice as much.
    static let splitMinimum = 4_096

    init(_ old: [JSONValue], _ new: [JSONValue], splitMinimum: Int = CommonEnds.splitMinimum) {
        if old.count == new.count, old.count >= splitMinimum {
            (prefix, suffix) = Self.scanInHalves(old, new)
            return
        }
        (prefix, suffix) = Self.comparing(old, new) { equal in
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
    /// memcmp with no reference counting; `==` only where the bits differ,
    /// and it decides.
    private static func comparing<Result>(
        _ old: [JSONValue], _ new: [JSONValue], _ body: (_ equal: (Int, Int) -> Bool) -> Result
    ) -> Result {
        let stride = MemoryLayout<JSONValue>.stride
        let size = MemoryLayout<JSONValue>.size
        return old.withUnsafeBytes { mine in
            new.withUnsafeBytes { theirs in
                body { o, n in
                    if let a = mine.baseAddress, let b = theirs.baseAddress, memcmp(a + o * stride, b + n * stride, size) == 0 {
                        return true
                    }
                    return old[o] == new[n]
                }
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
            let ends: (first: Int, last: Int)? = comparing(old, new) { equal in
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
