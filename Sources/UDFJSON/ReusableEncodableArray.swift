import Foundation

/// An array that `IncrementalJSONEncoder` can encode by reusing the elements
/// of the array it encoded at the same coding path in the previous pass.
protocol ReusableEncodableArray {
    func encodeReusing(
        below parent: JSONEncodingNode, at component: JSONCodingPathComponent, memo: ArrayReuseMemo
    ) throws -> JSONValue
}

extension Array: ReusableEncodableArray where Element: Encodable {
    /// The same value the plain encoder gives, element for element.
    ///
    /// - The same buffer as last time: the previous elements, as they are.
    /// - Otherwise each element whose bits equal the previous element at the
    ///   same index, or that is `Equatable` and `==` to it, reuses its
    ///   encoded form; the others are encoded afresh.
    func encodeReusing(
        below parent: JSONEncodingNode, at component: JSONCodingPathComponent, memo: ArrayReuseMemo
    ) throws -> JSONValue {
        var path = parent.path
        path.append(component)
        let node = JSONEncodingNode(parent: parent, component: component, memo: memo)
        var elements: [JSONValue] = []
        if let record = memo.previous[path], let old = record.array as? [Element] {
            if old.count == count, JSONStorageIdentity.of(old) == JSONStorageIdentity.of(self) {
                elements = record.elements
            } else {
                // Bits and `==` are proofs of equality only for values: a
                // class instance can change behind an unchanged reference.
                let valueOnly = isEmpty || memo.isBitwiseComparable(Element.self, sample: self[0])
                let reusable = valueOnly ? Swift.min(old.count, count, record.elements.count) : 0
                let equal = reusable > 0
                    ? (self as? any ElementwiseEquatableArray)?.equalElements(comparedWith: old, limit: reusable, bitsProveEquality: true)
                    : nil
                elements.reserveCapacity(count)
                let stride = MemoryLayout<Element>.stride
                try old.withUnsafeBytes { oldBytes in
                    try withUnsafeBytes { newBytes in
                        for index in 0..<count {
                            if index < reusable, Self.sameBits(oldBytes, newBytes, at: index * stride, length: stride)
                                || (equal.map { index < $0.count && $0[index] } ?? false) {
                                elements.append(record.elements[index])
                            } else {
                                elements.append(try node.encodeChild(self[index], at: .index(index)))
                            }
                        }
                    }
                }
            }
        } else {
            elements.reserveCapacity(count)
            for index in indices {
                elements.append(try node.encodeChild(self[index], at: .index(index)))
            }
        }
        memo.record(ArrayReuseMemo.Record(array: self, elements: elements), at: path)
        return .array(elements)
    }

    /// Whether `length` bytes at `offset` are the same in both buffers; a
    /// zero-sized element has one value, so it is always the same.
    private static func sameBits(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, at offset: Int, length: Int
    ) -> Bool {
        guard length > 0 else { return true }
        guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return false }
        return memcmp(oldBase + offset, newBase + offset, length) == 0
    }
}
