/// Reads a node's one value.
struct SingleValueJSONDecodingContainer: SingleValueDecodingContainer {
    let node: JSONDecodingNode

    var codingPath: [any CodingKey] { node.codingPath }

    func decodeNil() -> Bool { node.value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try node.bool(node.value, at: nil) }
    func decode(_ type: String.Type) throws -> String { try node.string(node.value, at: nil) }
    func decode(_ type: Double.Type) throws -> Double { try node.double(node.value, at: nil) }
    func decode(_ type: Float.Type) throws -> Float { try node.float(node.value, at: nil) }
    func decode(_ type: Int.Type) throws -> Int { try node.integer(type, node.value, at: nil) }
    func decode(_ type: Int8.Type) throws -> Int8 { try node.integer(type, node.value, at: nil) }
    func decode(_ type: Int16.Type) throws -> Int16 { try node.integer(type, node.value, at: nil) }
    func decode(_ type: Int32.Type) throws -> Int32 { try node.integer(type, node.value, at: nil) }
    func decode(_ type: Int64.Type) throws -> Int64 { try node.integer(type, node.value, at: nil) }
    func decode(_ type: UInt.Type) throws -> UInt { try node.integer(type, node.value, at: nil) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try node.integer(type, node.value, at: nil) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try node.integer(type, node.value, at: nil) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try node.integer(type, node.value, at: nil) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try node.integer(type, node.value, at: nil) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try node.decodeHere(type) }
}
