import Foundation

/// Turns any `Encodable` value into a `JSONValue`, without Foundation's
/// `JSONEncoder` (an order of magnitude slower on Linux).
///
/// The rules, which `JSONValueDecoder` reverses:
/// - `Date` is an ISO 8601 UTC string with milliseconds, `2026-11-30T02:42:57.123Z`
///   (rounded to the millisecond; years 0000–9999).
/// - `Data` is a base64 string; `URL` is its `absoluteString`.
/// - `Decimal` is a JSON number written exactly as its `description`.
/// - Every integer width is exact, `UInt64.max` and `Int64.min` included.
/// - `Double` and `Float` print their shortest round-trip text; integral values
///   print without a fraction. Infinities and NaN throw.
/// - `encode(nil)` writes `null`; `encodeIfPresent(nil)` leaves the key out.
/// - Enums with associated values take Swift's synthesized shape:
///   `.add(title: "x")` is `{"add":{"title":"x"}}`, `.remove(5)` is
///   `{"remove":{"_0":5}}`, and `.reset` is `{"reset":{}}`.
/// - Dictionaries: `String` keys, `Int` keys and `CodingKeyRepresentable` keys
///   become object keys (`[1: "a"]` is `{"1":"a"}`), which is how Swift's
///   `Dictionary` hands them over. With any other key type (`UUID`, `Double`,
///   an enum that is not `CodingKeyRepresentable`), `Dictionary` itself writes a
///   flat array alternating keys and values, `[key1, value1, key2, value2]`.
/// - A value that writes nothing at all encodes as `{}`.
///
/// For example:
/// ```swift
/// let state = try JSONValueEncoder().encode(appState)
/// let hash = state.stateHash
/// ```
public struct JSONValueEncoder: Sendable {
    public init() {}

    /// Encodes `value` as a `JSONValue`.
    ///
    /// - Throws: `JSONEncodingError` naming the value and its coding path, for
    ///   example `cannot encode Double.infinity at .items[3].price`.
    public func encode<T: Encodable>(_ value: T) throws(JSONEncodingError) -> JSONValue {
        let root = JSONEncodingNode(parent: nil, component: nil)
        do {
            try root.encodeHere(value)
            return try root.finish()
        } catch {
            root.releasePending()
            throw JSONEncodingError.wrapping(error)
        }
    }
}
