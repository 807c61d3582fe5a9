/// Appends an array's elements straight into its node.
struct UnkeyedJSONEncodingContainer<Node: JSONEncodingSink>: UnkeyedEncodingContainer {
    let node: Node

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.elementCount }

    mutating func encodeNil() throws { node.appendElement(.null) }
    mutating func encode(_ value: Bool) throws { node.appendElement(.bool(value)) }
    mutating func encode(_ value: String) throws { node.appendElement(.string(value)) }
    mutating func encode(_ value: Int) throws { node.appendElement(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { node.appendElement(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int16) throws { node.appendElement(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int32) throws { node.appendElement(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int64) throws { node.appendElement(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt) throws { node.appendElement(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt8) throws { node.appendElement(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt16) throws { node.appendElement(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt32) throws { node.appendElement(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt64) throws { node.appendElement(.number(JSONNumber(exactly: value))) }

    mutating func encode(_ value: Double) throws {
        node.appendElement(try node.number(value, at: .index(node.elementCount)))
    }

    mutating func encode(_ value: Float) throws {
        node.appendElement(try node.number(value, at: .index(node.elementCount)))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.encodeElement(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedJSONEncodingContainer<NestedKey, Node>(node: node.placeholderElement(kind: .object)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedJSONEncodingContainer(node: node.placeholderElement(kind: .array))
    }

    mutating func superEncoder() -> any Encoder {
        node.placeholderElement(kind: .empty)
    }
}
