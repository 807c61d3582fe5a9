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
    func equalElements(comparedWith old: Any, limit: Int) -> [Bool]?
}

extension Array: ElementwiseEquatableArray where Element: Equatable {
    func equalElements(comparedWith old: Any, limit: Int) -> [Bool]? {
        guard let old = old as? [Element] else { return nil }
        let end = Swift.min(limit, old.count, count)
        var equal = [Bool](repeating: false, count: end)
        // Through buffers, so unspecialized code compares the elements in
        // place instead of copying each one out of its array first.
        withUnsafeBufferPointer { new in
            old.withUnsafeBufferPointer { old in
                for index in 0..<end where new[index] == old[index] {
                    equal[index] = true
                }
            }
        }
        return equal
    }
}
