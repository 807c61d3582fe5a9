import Foundation

/// What an encoding node is: nothing written yet, one value, an array or an object.
enum JSONEncodingKind {
    case empty, single, array, object
}

/// What the encoding containers write into: a node of a value tree
/// (`JSONEncodingNode`, behind `JSONValueEncoder`) or of text
/// (`JSONTextNode`, behind `JSONTextEncoder`). The containers are shared:
/// each turns a primitive into its `JSONValue` and hands it over; the node
/// stores it or writes it.
protocol JSONEncodingSink: Encoder, JSONCodingNode {
    /// The array's elements so far, placeholders for nested containers included.
    var elementCount: Int { get }

    func setMember(_ key: String, _ value: JSONValue) throws(JSONEncodingError)
    func appendElement(_ value: JSONValue)
    func setSingle(_ value: JSONValue)
    /// Encodes `value` as the member `key`, or the next element, or this very value.
    func encodeMember<T: Encodable>(_ value: T, forKey key: String) throws
    func encodeElement<T: Encodable>(_ value: T) throws
    func encodeHere<T: Encodable>(_ value: T) throws
    /// A node for a nested container or super-encoder, filled in later, at
    /// `slot` (a key) or at the next index (a placeholder element).
    func makePending(at slot: JSONCodingPathComponent, kind: JSONEncodingKind) -> Self
    func placeholderElement(kind: JSONEncodingKind) -> Self
}

extension JSONEncodingSink {
    func error(_ name: String, at component: JSONCodingPathComponent?) -> JSONEncodingError {
        var components = path
        if let component {
            components.append(component)
        }
        return JSONEncodingError(kind: .unrepresentable(name), codingPath: components)
    }

    func number(_ value: Double, at component: JSONCodingPathComponent?) throws(JSONEncodingError) -> JSONValue {
        guard value.isFinite else {
            throw error(Self.name(ofNonFinite: value, type: "Double"), at: component)
        }
        return .number(JSONNumber(value))
    }

    func number(_ value: Float, at component: JSONCodingPathComponent?) throws(JSONEncodingError) -> JSONValue {
        guard value.isFinite else {
            throw error(Self.name(ofNonFinite: Double(value), type: "Float"), at: component)
        }
        // Float's own shortest text, so 0.1 stays 0.1 rather than 0.10000000149011612.
        if value == 0, value.sign == .minus {
            return .number(JSONNumber(validatedText: "-0"))
        }
        if value == value.rounded(), abs(value) < 1e15 {
            return .number(JSONNumber(exactly: Int64(value)))
        }
        return .number(JSONNumber(validatedText: "\(value)"))
    }

    private static func name(ofNonFinite value: Double, type: String) -> String {
        if value.isNaN { return "\(type).nan" }
        return value < 0 ? "-\(type).infinity" : "\(type).infinity"
    }

    /// JSON for the types with a fixed form here, or nil for everything else.
    ///
    /// Metatype comparisons are pointer compares, cheap enough to run for
    /// every generic value before paying for a node.
    func scalar<T: Encodable>(_ value: T, at component: JSONCodingPathComponent?) throws -> JSONValue? {
        let type = T.self
        if type == String.self, let value = value as? String { return .string(value) }
        if type == Int.self, let value = value as? Int { return .number(JSONNumber(value)) }
        if type == Bool.self, let value = value as? Bool { return .bool(value) }
        if type == Double.self, let value = value as? Double { return try number(value, at: component) }
        if type == Int64.self, let value = value as? Int64 { return .number(JSONNumber(exactly: value)) }
        if type == UInt64.self, let value = value as? UInt64 { return .number(JSONNumber(exactly: value)) }
        if type == UInt.self, let value = value as? UInt { return .number(JSONNumber(exactly: value)) }
        if type == Int32.self, let value = value as? Int32 { return .number(JSONNumber(exactly: value)) }
        if type == UInt32.self, let value = value as? UInt32 { return .number(JSONNumber(exactly: value)) }
        if type == Int16.self, let value = value as? Int16 { return .number(JSONNumber(exactly: value)) }
        if type == UInt16.self, let value = value as? UInt16 { return .number(JSONNumber(exactly: value)) }
        if type == Int8.self, let value = value as? Int8 { return .number(JSONNumber(exactly: value)) }
        if type == UInt8.self, let value = value as? UInt8 { return .number(JSONNumber(exactly: value)) }
        if type == Float.self, let value = value as? Float { return try number(value, at: component) }
        if type == Date.self, let value = value as? Date {
            guard let text = JSONDateFormat.string(from: value) else {
                throw error("Date \(value.timeIntervalSince1970)s since 1970 (outside years 0000-9999)", at: component)
            }
            return .string(text)
        }
        if type == Data.self, let value = value as? Data { return .string(value.base64EncodedString()) }
        if type == URL.self, let value = value as? URL { return .string(value.absoluteString) }
        if type == Decimal.self, let value = value as? Decimal {
            guard let number = JSONNumber(literal: value.description) else {
                throw error("Decimal.nan", at: component)
            }
            return .number(number)
        }
        if type == JSONValue.self, let value = value as? JSONValue { return value }
        if type == JSONNumber.self, let value = value as? JSONNumber { return .number(value) }
        return nil
    }
}
