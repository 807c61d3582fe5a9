/// Appends an array's elements straight into its node.
struct UnkeyedJSONEncodingContainer: UnkeyedEncodingContainer {
    let node: JSONEncodingNode

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.elements.count }

    mutating func encodeNil() throws { node.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { node.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { node.elements.append(.string(value)) }
    mutating func encode(_ value: Int) throws { node.elements.append(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { node.elements.append(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int16) throws { node.elements.append(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int32) throws { node.elements.append(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int64) throws { node.elements.append(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt) throws { node.elements.append(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt8) throws { node.elements.append(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt16) throws { node.elements.append(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt32) throws { node.elements.append(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt64) throws { node.elements.append(.number(JSONNumber(exactly: value))) }

    mutating func encode(_ value: Double) throws {
        node.elements.append(try node.number(value, at: .index(node.elements.count)))
    }

    mutating func encode(_ value: Float) throws {
        node.elements.append(try node.number(value, at: .index(node.elements.count)))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.elements.append(try node.encodeChild(value, at: .index(node.elements.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedJSONEncodingContainer<NestedKey>(node: placeholder(kind: .object)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedJSONEncodingContainer(node: placeholder(kind: .array))
    }

    mutating func superEncoder() -> any Encoder {
        placeholder(kind: .empty)
    }

    /// Reserves the next index for a value that `finish()` fills in later.
    private func placeholder(kind: JSONEncodingNode.Kind) -> JSONEncodingNode {
        let index = node.elements.count
        node.elements.append(.null)
        return node.makePending(at: .index(index), kind: kind)
    }
}
