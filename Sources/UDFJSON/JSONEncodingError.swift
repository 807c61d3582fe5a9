/// Why `JSONValueEncoder` could not encode a value, and where.
///
/// The description is one line, for example
/// `cannot encode Double.infinity at .items[3].price`.
public struct JSONEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A value with no JSON form, named as in Swift: `Double.infinity`,
        /// `-Float.infinity`, `Double.nan`, `Decimal.nan`, or a `Date` out of range.
        case unrepresentable(String)
        /// An `EncodingError.invalidValue` thrown by the value's own `encode(to:)`.
        case invalidValue(String)
        /// Any other error thrown by the value's own `encode(to:)`.
        case failed(String)
        /// Arrays and objects nested deeper than readers accept
        /// (`JSONParser.Limits.readableDepth`).
        case tooDeep(maxDepth: Int)
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
        case .unrepresentable(let name): "cannot encode \(name) at \(path)"
        case .invalidValue(let reason): "invalid value at \(path): \(reason)"
        case .failed(let reason): "encoding failed at \(path): \(reason)"
        case .tooDeep(let maxDepth): "cannot encode arrays and objects nested deeper than \(maxDepth) levels, at \(JSONCodingPath.abbreviated(codingPath))"
        }
    }

    /// Wraps whatever a `Codable` implementation threw.
    static func wrapping(_ error: any Error) -> JSONEncodingError {
        if let own = error as? JSONEncodingError {
            return own
        }
        if case EncodingError.invalidValue(_, let context) = error {
            return JSONEncodingError(
                kind: .invalidValue(context.debugDescription),
                codingPath: context.codingPath.map(JSONCodingKey.component(of:))
            )
        }
        return JSONEncodingError(kind: .failed(String(describing: error)), codingPath: [])
    }
}
