import UDFJSON

/// A failed check: the whole message a reporter shows.
struct CheckFailure: Error {
    let message: String

    /// Throws when `value`, encoded, differs from `expected`.
    ///
    /// The message is `context: mismatch`, then the tree diff on the lines
    /// after it, for example:
    /// ```
    /// Step 2 · {"increment":{}}: the state differs from the expectation (- expected, + actual)
    ///   {
    /// -   "count": 1
    /// +   "count": 2
    ///   }
    /// ```
    static func compare<T: Encodable>(_ value: T, with expected: JSONValue, context: String, mismatch: String) throws(CheckFailure) {
        switch CanonicalComparison.encode(value) {
        case .failure(let error):
            throw CheckFailure(message: "\(context): \(T.self) does not encode: \(error)")
        case .success(let actual):
            if let difference = CanonicalComparison.difference(expected: expected, actual: actual) {
                throw CheckFailure(message: "\(context): \(mismatch)\n\(difference)")
            }
        }
    }
}
