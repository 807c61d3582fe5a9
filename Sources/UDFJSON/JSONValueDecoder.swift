/// Builds any `Decodable` value from a `JSONValue`: the inverse of
/// `JSONValueEncoder`, with the same rules for `Date`, `Data`, `URL`,
/// `Decimal`, integers, enums and dictionaries.
///
/// Lenient where no information is lost: integers may be written `1.0` or
/// `1e2`, dates may carry any number of fraction digits or a `±HH:MM` offset,
/// and `decodeIfPresent` treats `null` like a missing key. It never traps.
///
/// For example:
/// ```swift
/// let state = try JSONValueDecoder().decode(AppState.self, from: value)
/// ```
public struct JSONValueDecoder: Sendable {
    public init() {}

    /// Decodes a `T` from `value`.
    ///
    /// - Throws: `JSONDecodingError` with a one-line description and the coding
    ///   path, for example `type mismatch at .todos[2].done: expected Bool, found string`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(JSONDecodingError) -> T {
        do {
            return try JSONDecodingNode(value: value, parent: nil, component: nil).decodeHere(type)
        } catch {
            throw JSONDecodingError.wrapping(error)
        }
    }
}
