import Foundation

/// The `Decoder` behind `JSONValueDecoder`: one node per nested value with
/// its own `init(from:)`; scalars are read without one.
///
/// Errors are thrown as `DecodingError`s carrying a `JSONDecodingError` as
/// their underlying error, so `Codable` code that catches `DecodingError`
/// (say, to default a missing key) behaves as it does with Foundation.
final class JSONDecodingNode: Decoder, JSONCodingNode {
    let value: JSONValue
    let parent: JSONDecodingNode?
    let component: JSONCodingPathComponent?

    init(value: JSONValue, parent: JSONDecodingNode?, component: JSONCodingPathComponent?) {
        self.value = value
        self.parent = parent
        self.component = component
    }


    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch(expected: "object", type: [String: JSONValue].self, found: value, at: nil)
        }
        return KeyedDecodingContainer(KeyedJSONDecodingContainer<Key>(node: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw mismatch(expected: "array", type: [JSONValue].self, found: value, at: nil)
        }
        return UnkeyedJSONDecodingContainer(node: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueJSONDecodingContainer(node: self)
    }

    // MARK: Scalars

    func bool(_ value: JSONValue, at component: JSONCodingPathComponent?) throws -> Bool {
        guard case .bool(let bool) = value else {
            throw mismatch(expected: "Bool", type: Bool.self, found: value, at: component)
        }
        return bool
    }

    func string(_ value: JSONValue, at component: JSONCodingPathComponent?) throws -> String {
        guard case .string(let string) = value else {
            throw mismatch(expected: "String", type: String.self, found: value, at: component)
        }
        return string
    }

    func integer<I: FixedWidthInteger>(
        _ type: I.Type, _ value: JSONValue, at component: JSONCodingPathComponent?
    ) throws -> I {
        guard case .number(let number) = value else {
            throw mismatch(expected: "\(I.self)", type: I.self, found: value, at: component)
        }
        if let integer = I(number.text) {
            return integer
        }
        // `1.0` and `1e2` are integers too; only values a double holds exactly qualify.
        let double = number.doubleValue
        if double == double.rounded(), abs(double) <= 9_007_199_254_740_992, let integer = I(exactly: double),
            number.text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
        {
            return integer
        }
        let reason = double == double.rounded()
            ? "\(number.text) does not fit in \(I.self)" : "\(number.text) is not an integer"
        throw failure(.invalidValue(reason), type: I.self, at: component)
    }

    func double(_ value: JSONValue, at component: JSONCodingPathComponent?) throws -> Double {
        guard case .number(let number) = value else {
            throw mismatch(expected: "Double", type: Double.self, found: value, at: component)
        }
        return number.doubleValue
    }

    func float(_ value: JSONValue, at component: JSONCodingPathComponent?) throws -> Float {
        guard case .number(let number) = value else {
            throw mismatch(expected: "Float", type: Float.self, found: value, at: component)
        }
        guard let float = Float(number.text), float.isFinite else {
            throw failure(.invalidValue("\(number.text) does not fit in Float"), type: Float.self, at: component)
        }
        return float
    }

    // MARK: Values with their own init(from:)

    /// Decodes a `T` from `value`, which sits at `component` below this node.
    func decodeChild<T: Decodable>(
        _ type: T.Type, from value: JSONValue, at component: JSONCodingPathComponent
    ) throws -> T {
        if let scalar = try scalar(type, from: value, at: component) {
            return scalar
        }
        return try T(from: JSONDecodingNode(value: value, parent: self, component: component))
    }

    /// Decodes a `T` from this node's own value, as a single-value container does.
    func decodeHere<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = try scalar(type, from: value, at: nil) {
            return scalar
        }
        return try T(from: self)
    }

    /// The types with a fixed JSON form here, read without a node; nil for the rest.
    private func scalar<T: Decodable>(
        _ type: T.Type, from value: JSONValue, at component: JSONCodingPathComponent?
    ) throws -> T? {
        if type == String.self { return try string(value, at: component) as? T }
        if type == Int.self { return try integer(Int.self, value, at: component) as? T }
        if type == Bool.self { return try bool(value, at: component) as? T }
        if type == Double.self { return try double(value, at: component) as? T }
        if type == Int64.self { return try integer(Int64.self, value, at: component) as? T }
        if type == UInt64.self { return try integer(UInt64.self, value, at: component) as? T }
        if type == UInt.self { return try integer(UInt.self, value, at: component) as? T }
        if type == Int32.self { return try integer(Int32.self, value, at: component) as? T }
        if type == UInt32.self { return try integer(UInt32.self, value, at: component) as? T }
        if type == Int16.self { return try integer(Int16.self, value, at: component) as? T }
        if type == UInt16.self { return try integer(UInt16.self, value, at: component) as? T }
        if type == Int8.self { return try integer(Int8.self, value, at: component) as? T }
        if type == UInt8.self { return try integer(UInt8.self, value, at: component) as? T }
        if type == Float.self { return try float(value, at: component) as? T }
        if type == Date.self { return try date(value, at: component) as? T }
        if type == Data.self { return try data(value, at: component) as? T }
        if type == URL.self { return try url(value, at: component) as? T }
        if type == Decimal.self { return try decimal(value, at: component) as? T }
        if type == JSONValue.self { return value as? T }
        if type == JSONNumber.self {
            guard case .number(let number) = value else {
                throw mismatch(expected: "JSONNumber", type: JSONNumber.self, found: value, at: component)
            }
            return number as? T
        }
        return nil
    }

    private func date(_ value: JSONValue, at component: JSONCodingPathComponent?) throws -> Date {
        let text = try string(value, at: component)
        guard let date = JSONDateFormat.date(from: text) else {
            let reason = "\(JSONCodingPath.quoted(text)) is not an ISO 8601 date"
            throw failure(.invalidValue(reason), type: Date.self, at: component)
        }
        return date
    }

    private func data(_ value: JSONValue, at component: JSONCodingPathComponent?) throws -> Data {
        let text = try string(value, at: component)
        guard let data = Data(base64Encoded: text) else {
            throw failure(.invalidValue("the string is not valid base64"), type: Data.self, at: component)
        }
        return data
    }

    private func url(_ value: JSONValue, at component: JSONCodingPathComponent?) throws -> URL {
        let text = try string(value, at: component)
        guard let url = URL(string: text) else {
            let reason = "\(JSONCodingPath.quoted(text)) is not a URL"
            throw failure(.invalidValue(reason), type: URL.self, at: component)
        }
        return url
    }

    private static let posixLocale = Locale(identifier: "en_US_POSIX")

    private func decimal(_ value: JSONValue, at component: JSONCodingPathComponent?) throws -> Decimal {
        guard case .number(let number) = value else {
            throw mismatch(expected: "Decimal", type: Decimal.self, found: value, at: component)
        }
        guard let decimal = Decimal(string: number.text, locale: Self.posixLocale) else {
            throw failure(.invalidValue("\(number.text) does not fit in Decimal"), type: Decimal.self, at: component)
        }
        return decimal
    }

    // MARK: Errors

    func mismatch(
        expected: String, type: Any.Type, found value: JSONValue, at component: JSONCodingPathComponent?
    ) -> DecodingError {
        if value.isNull {
            return failure(.valueNotFound(expected: expected), type: type, at: component)
        }
        return failure(.typeMismatch(expected: expected, found: value.typeName), type: type, at: component)
    }

    func failure(
        _ kind: JSONDecodingError.Kind, type: Any.Type, at component: JSONCodingPathComponent?
    ) -> DecodingError {
        var components = path
        if let component {
            components.append(component)
        }
        let error = JSONDecodingError(kind: kind, codingPath: components)
        let context = DecodingError.Context(
            codingPath: components.map(JSONCodingKey.init),
            debugDescription: error.description,
            underlyingError: error
        )
        return switch kind {
        case .typeMismatch: DecodingError.typeMismatch(type, context)
        case .valueNotFound, .arrayTooShort: DecodingError.valueNotFound(type, context)
        case .keyNotFound: DecodingError.keyNotFound(JSONCodingKey(components.last ?? .key("")), context)
        case .invalidValue, .failed: DecodingError.dataCorrupted(context)
        }
    }
}
