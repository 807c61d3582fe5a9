import Foundation

extension Array where Element == JSONValue {
    /// How many elements, from `start` on, have the same bits as `other`'s at
    /// the same indices: each such pair is the same value.
    ///
    /// A `JSONValue` refers only to immutable storage (strings, and array and
    /// dictionary buffers that are copied before they change), so while both
    /// arrays are alive, equal bits prove equal values. Different bits prove
    /// nothing. Comparing bits in place costs no reference counting, unlike
    /// taking each element out to compare its storage identity.
    public func sameBitsRun(with other: [JSONValue], from start: Int) -> Int {
        let limit = Swift.min(count, other.count)
        guard start < limit else { return 0 }
        let stride = MemoryLayout<JSONValue>.stride
        return withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in
                guard let a = mine.baseAddress, let b = theirs.baseAddress else { return 0 }
                var end = start
                while end < limit, Self.sameBits(a + end * stride, b + end * stride) {
                    end += 1
                }
                return end - start
            }
        }
    }

    /// Whether both arrays hold equal elements, read in place
    /// (`JSONValue.sameElements`).
    func hasSameElements(as other: [JSONValue]) -> Bool {
        guard count == other.count else { return false }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                guard let a = mine.baseAddress, let b = theirs.baseAddress else { return true }
                return JSONValue.sameElements(a, b, count: count)
            }
        }
    }

    /// Whether the `size` bytes (not the padding) of two values are equal.
    @inline(__always)
    private static func sameBits(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        InPlaceBytes.equal(a, b, in: 0..<MemoryLayout<JSONValue>.size)
    }
}
