/// Sets a node's one value.
struct SingleValueJSONEncodingContainer<Node: JSONEncodingSink>: SingleValueEncodingContainer {
    let node: Node

    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Int) throws { set(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int16) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int32) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Int64) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt8) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt16) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt32) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: UInt64) throws { set(.number(JSONNumber(exactly: value))) }
    mutating func encode(_ value: Double) throws { set(try node.number(value, at: nil)) }
    mutating func encode(_ value: Float) throws { set(try node.number(value, at: nil)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try node.encodeHere(value)
    }

    private func set(_ value: JSONValue) {
        node.setSingle(value)
    }
}
