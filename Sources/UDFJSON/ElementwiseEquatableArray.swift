import Foundation

/// An array whose elements `IncrementalJSONEncoder` can compare with `==`
/// against the array it encoded at the same coding path last time.
///
/// Comparing bits misses equal structs whose padding bytes differ (a copy
/// copies fields, not padding), so for `Equatable` elements the encoder asks
/// `==` where the bits differ. That relies on `Equatable`'s contract as the
/// synthesized conformance keeps it: equal values encode to equal JSON. A
/// hand-written `==` that ignores an encoded field breaks that contract.
protocol ElementwiseEquatableArray {
    /// For each index below `limit`, whether this array's element equals the
    /// element of `old` at that index; nil when `old` holds another type.
    ///
    /// With `bitsProveEquality` (elements made of values only), elements with
    /// the same bits count as equal without calling `==`.
    func equalElements(comparedWith old: Any, limit: Int, bitsProveEquality: Bool) -> [Bool]?
}

extension Array: ElementwiseEquatableArray where Element: Equatable {
    func equalElements(comparedWith old: Any, limit: Int, bitsProveEquality: Bool) -> [Bool]? {
        guard let old = old as? [Element] else { return nil }
        let end = Swift.min(limit, old.count, count)
        var equal = [Bool](repeating: false, count: end)
        // Through buffers, so unspecialized code compares the elements in
        // place instead of copying each one out of its array first.
        let stride = MemoryLayout<Element>.stride
        withUnsafeBufferPointer { new in
            old.withUnsafeBufferPointer { old in
                guard let newBase = UnsafeRawPointer(new.baseAddress), let oldBase = UnsafeRawPointer(old.baseAddress) else { return }
                for index in 0..<end {
                    if bitsProveEquality, memcmp(newBase + index * stride, oldBase + index * stride, stride) == 0 {
                        equal[index] = true
                    } else if new[index] == old[index] {
                        equal[index] = true
                    }
                }
            }
        }
        return equal
    }
}
