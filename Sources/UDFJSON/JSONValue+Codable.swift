/// Lets `JSONValue` and `JSONNumber` sit inside `Codable` types.
///
/// `JSONValueEncoder` and `JSONValueDecoder` pass them through untouched, so
/// numbers stay exact. Other coders see plain JSON; there a `JSONNumber` goes
/// through `Int64`, `UInt64` or `Double`, whichever holds it.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd {
                elements.append(try array.decode(JSONValue.self))
            }
            self = .array(elements)
        } else if let object = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys {
                let value = try object.decode(JSONValue.self, forKey: key)
                if members.updateValue(value, forKey: key.stringValue) != nil, members.equivalentKey(to: key.stringValue) != nil {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: object,
                        debugDescription: "keys that differ only in Unicode normalization cannot share one object"
                    )
                }
            }
            self = .object(members)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let string = try? single.decode(String.self) {
                self = .string(string)
            } else {
                self = .number(try single.decode(JSONNumber.self))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .number(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements {
                try array.encode(element)
            }
        case .object(let members):
            var object = encoder.container(keyedBy: JSONCodingKey.self)
            for (key, member) in members {
                try object.encode(member, forKey: JSONCodingKey(stringValue: key))
            }
        }
    }
}

extension JSONNumber: Codable {
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let integer = try? single.decode(Int64.self) {
            self.init(exactly: integer)
        } else if let integer = try? single.decode(UInt64.self) {
            self.init(exactly: integer)
        } else {
            self.init(try single.decode(Double.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        if let integer = Int64(text) {
            try single.encode(integer)
        } else if let integer = UInt64(text) {
            try single.encode(integer)
        } else {
            try single.encode(doubleValue)
        }
    }
}
