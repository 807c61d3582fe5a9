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
    ///   same index reuses its encoded form; the others are encoded afresh.
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
                let reusable = isEmpty || memo.isBitwiseComparable(Element.self, sample: self[0])
                    ? Swift.min(old.count, count, record.elements.count) : 0
                elements.reserveCapacity(count)
                let stride = MemoryLayout<Element>.stride
                try old.withUnsafeBytes { oldBytes in
                    try withUnsafeBytes { newBytes in
                        for index in 0..<count {
                            let offset = index * stride
                            if index < reusable, stride > 0,
                               let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress,
                               memcmp(oldBase + offset, newBase + offset, stride) == 0 {
                                elements.append(record.elements[index])
                            } else if index < reusable, stride == 0 {
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
}
