/// Reads an object's members by key, matching keys by their scalars.
struct KeyedJSONDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: JSONDecodingNode
    let members: [String: JSONValue]

    var codingPath: [any CodingKey] { node.codingPath }

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members.value(exactlyAt: key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try node.bool(try member(key), at: .key(key.stringValue))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try node.string(try member(key), at: .key(key.stringValue))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try node.double(try member(key), at: .key(key.stringValue))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try node.float(try member(key), at: .key(key.stringValue))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try node.decodeChild(type, from: try member(key), at: .key(key.stringValue))
    }

    // A missing key and an explicit null both mean "absent", with one lookup.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(type, key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let name = JSONCodingKey.superKey.stringValue
        return JSONDecodingNode(value: members.value(exactlyAt: name) ?? .null, parent: node, component: .key(name))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONDecodingNode(value: members.value(exactlyAt: key.stringValue) ?? .null, parent: node, component: .key(key.stringValue))
    }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members.value(exactlyAt: key.stringValue) else {
            throw node.failure(.keyNotFound, type: Any.self, at: .key(key.stringValue))
        }
        return value
    }

    private func integer<I: FixedWidthInteger & Decodable>(_ type: I.Type, _ key: Key) throws -> I {
        try node.integer(type, try member(key), at: .key(key.stringValue))
    }

    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let value = members.value(exactlyAt: key.stringValue), !value.isNull else { return nil }
        return try node.decodeChild(type, from: value, at: .key(key.stringValue))
    }

    private func child(_ key: Key) throws -> JSONDecodingNode {
        JSONDecodingNode(value: try member(key), parent: node, component: .key(key.stringValue))
    }
}
