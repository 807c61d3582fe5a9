import UDFDiff
import UDFJSON

/// The one notion of equality a check uses: canonical JSON bytes.
///
/// Swift's `==` on the host's types, or on `String` (canonical equivalence),
/// is never proof that two states encode alike, so states and actions are
/// encoded and compared as bytes. A difference reads as the inspector's
/// tree diff, arrays matched by `id`.
enum CanonicalComparison {
    /// The tree diff from `expected` to `actual`, or nil when their
    /// canonical bytes are equal once `actual` is masked where `expected`
    /// is redacted.
    static func difference(expected: JSONValue, actual: JSONValue) -> String? {
        if actual.canonicallyMatches(expected) { return nil }
        let shown = actual.masked(like: expected)
        if shown.canonicalBytes == expected.canonicalBytes { return nil }
        // The diff compares by scalars too, and spells out look-alike lines.
        return JSONDiff.diff(expected, shown).map { TreeDiffRenderer().render($0) }
    }

    /// The value encoded with the project's encoder, or why it cannot be.
    static func encode<T: Encodable>(_ value: T) -> Result<JSONValue, JSONEncodingError> {
        do {
            return .success(try JSONValueEncoder().encode(value))
        } catch {
            return .failure(error)
        }
    }
}
