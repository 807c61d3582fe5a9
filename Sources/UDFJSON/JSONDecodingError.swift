/// Why `JSONValueDecoder` could not decode a value, and where.
///
/// The description is one line, for example
/// `type mismatch at .todos[2].done: expected Bool, found string`.
public struct JSONDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The JSON has another type: `expected` is a Swift type or `object` /
        /// `array`, `found` a JSON type name (`JSONValue.typeName`).
        case typeMismatch(expected: String, found: String)
        /// `null` where a non-optional `expected` was needed.
        case valueNotFound(expected: String)
        /// The object has no member for the last key of the coding path.
        case keyNotFound
        /// An array ran out of elements; `count` is how many it has.
        case arrayTooShort(count: Int)
        /// The JSON has the right type but an unusable value, for example a
        /// number too large for `Int8` or a string that is not a date.
        case invalidValue(String)
        /// Any other error thrown by the type's own `init(from:)`.
        case failed(String)
    }

    public let kind: Kind
    public let codingPath: [JSONCodingPathComponent]

    public init(kind: Kind, codingPath: [JSONCodingPathComponent]) {
        self.kind = kind
        self.codingPath = codingPath
    }

    public var description: String {
        let path = JSONCodingPath.render(codingPath)
        return switch kind {
        case .typeMismatch(let expected, let found):
            "type mismatch at \(path): expected \(expected), found \(found)"
        case .valueNotFound(let expected):
            "value not found at \(path): expected \(expected), found null"
        case .keyNotFound:
            "key not found at \(path)"
        case .arrayTooShort(let count):
            "value not found at \(path): the array has only \(count) element\(count == 1 ? "" : "s")"
        case .invalidValue(let reason):
            "invalid value at \(path): \(reason)"
        case .failed(let reason):
            "decoding failed at \(path): \(reason)"
        }
    }

    /// Unwraps this module's errors from the `DecodingError`s it throws (so that
    /// `Codable` code catching `DecodingError` keeps working), and translates
    /// the ones a type's own `init(from:)` threw.
    static func wrapping(_ error: any Error) -> JSONDecodingError {
        if let own = error as? JSONDecodingError {
            return own
        }
        guard let decodingError = error as? DecodingError else {
            return JSONDecodingError(kind: .failed(String(describing: error)), codingPath: [])
        }
        let context: DecodingError.Context
        let kind: Kind
        var path: [JSONCodingPathComponent] = []
        switch decodingError {
        case .typeMismatch(_, let errorContext), .dataCorrupted(let errorContext):
            context = errorContext
            kind = .invalidValue(errorContext.debugDescription)
        case .valueNotFound(let type, let errorContext):
            context = errorContext
            kind = .valueNotFound(expected: String(describing: type))
        case .keyNotFound(let key, let errorContext):
            context = errorContext
            kind = .keyNotFound
            path.append(JSONCodingKey.component(of: key))
        @unknown default:
            return JSONDecodingError(kind: .failed(String(describing: error)), codingPath: [])
        }
        if let own = context.underlyingError as? JSONDecodingError {
            return own
        }
        path.insert(contentsOf: context.codingPath.map(JSONCodingKey.component(of:)), at: 0)
        return JSONDecodingError(kind: kind, codingPath: path)
    }
}
