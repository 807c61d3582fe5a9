/// Encodes successive versions of one state, reusing the encoded form of
/// arrays and array elements that did not change since the previous call.
///
/// The result is always the value `JSONValueEncoder` gives; only the work
/// differs. Reuse needs a proof, never `==`: an array whose copy-on-write
/// buffer is the one encoded last time at the same coding path is reused
/// whole, and otherwise each element whose bits equal the previous element's
/// at the same index. Bits prove an equal value only for values made of
/// values, so each element is scanned once, when it is encoded, for a class
/// instance, closure or pointer (`ReferenceScan`); an element that reaches
/// one is encoded afresh on every pass, so a changed object is never stale.
/// A one-item change in a 10,000-item list encodes one item. Reused elements
/// share storage with the previous result, so `JSONValue.isIdentical(to:)`
/// finds them in O(1) afterwards.
///
/// The encoder keeps the previously encoded arrays alive, which is what
/// makes buffer identity a proof of equality.
///
/// Use one encoder per state stream, from one thread at a time.
///
/// For example:
/// ```swift
/// let encoder = IncrementalJSONEncoder()
/// let before = try encoder.encode(state)
/// state.todos[3].done = true
/// let after = try encoder.encode(state) // re-encodes only todos[3]
/// ```
public final class IncrementalJSONEncoder {
    private let memo = EncodingReuseMemo()
    private let hints = MemberCountHints()

    public init() {}

    /// What the last pass changed in each array it wrote from the pass
    /// before's, valid until the next pass starts.
    public var lastEdits: ContainerEdits { memo.last.edits }

    /// Encodes `value` as a `JSONValue`, exactly as `JSONValueEncoder` does.
    ///
    /// - Throws: `JSONEncodingError` naming the value and its coding path.
    public func encode<T: Encodable>(_ value: T) throws(JSONEncodingError) -> JSONValue {
        memo.startPass()
        let root = JSONEncodingNode(parent: nil, component: nil, memo: memo, hints: hints)
        do {
            try root.encodeHere(value)
            let result = try root.finish()
            memo.finishPass()
            return result
        } catch {
            root.releasePending()
            memo.abandonPass()
            throw JSONEncodingError.wrapping(error)
        }
    }

    /// Forgets the previous state, releasing what it kept alive.
    public func reset() {
        memo.forgetAll()
    }
}
