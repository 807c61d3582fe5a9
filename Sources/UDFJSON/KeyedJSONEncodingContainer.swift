/// Writes an object's members straight into its node.
struct KeyedJSONEncodingContainer<Key: CodingKey, Node: JSONEncodingSink>: KeyedEncodingContainerProtocol {
    let node: Node

    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try node.setMember(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try node.setMember(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { try node.setMember(key.stringValue, .string(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try store(JSONNumber(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(JSONNumber(exactly: value), key) }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        let name = key.stringValue
        try node.setMember(name, try node.number(value, at: .key(name)))
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        let name = key.stringValue
        try node.setMember(name, try node.number(value, at: .key(name)))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.encodeMember(value, forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.makePending(at: .key(key.stringValue), kind: .object)
        return KeyedEncodingContainer(KeyedJSONEncodingContainer<NestedKey, Node>(node: child))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedJSONEncodingContainer(node: node.makePending(at: .key(key.stringValue), kind: .array))
    }

    mutating func superEncoder() -> any Encoder {
        node.makePending(at: .key(JSONCodingKey.superKey.stringValue), kind: .empty)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        node.makePending(at: .key(key.stringValue), kind: .empty)
    }

    private func store(_ number: JSONNumber, _ key: Key) throws {
        try node.setMember(key.stringValue, .number(number))
    }
}
