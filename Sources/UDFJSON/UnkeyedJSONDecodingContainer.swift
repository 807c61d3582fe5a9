/// Reads an array's elements in order.
///
/// A failed decode does not advance `currentIndex`, as with Foundation, so a
/// caller may retry the element as another type.
struct UnkeyedJSONDecodingContainer: UnkeyedDecodingContainer {
    let node: JSONDecodingNode
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(node: JSONDecodingNode, elements: [JSONValue]) {
        self.node = node
        self.elements = elements
    }

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try current(Any.self).isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try advance(node.bool(try current(type), at: .index(currentIndex)))
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try advance(node.string(try current(type), at: .index(currentIndex)))
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        try advance(node.double(try current(type), at: .index(currentIndex)))
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try advance(node.float(try current(type), at: .index(currentIndex)))
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try advance(node.decodeChild(type, from: try current(type), at: .index(currentIndex)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try advance(child(Any.self).container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try advance(child(Any.self).unkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder {
        try advance(child(Any.self))
    }

    private func current(_ type: Any.Type) throws -> JSONValue {
        guard currentIndex < elements.count else {
            throw node.failure(.arrayTooShort(count: elements.count), type: type, at: .index(currentIndex))
        }
        return elements[currentIndex]
    }

    private func child(_ type: Any.Type) throws -> JSONDecodingNode {
        JSONDecodingNode(value: try current(type), parent: node, component: .index(currentIndex))
    }

    private mutating func integer<I: FixedWidthInteger & Decodable>(_ type: I.Type) throws -> I {
        try advance(node.integer(type, try current(type), at: .index(currentIndex)))
    }

    /// Moves past the element just decoded; only reached when decoding succeeded.
    private mutating func advance<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }
}
