/// Writes the canonical bytes of successive states, copying the bytes of any
/// array or object that shares storage with one written by the previous call
/// instead of writing it again.
///
/// The output is always `JSONValue.canonicalBytes`; only the work differs.
/// It pays off with `IncrementalJSONEncoder`, whose unchanged subtrees share
/// storage with the previous result. The writer keeps the previous value
/// alive, so a storage identity it remembers cannot be freed and reused.
///
/// Use one writer per state stream, from one thread at a time.
public final class IncrementalCanonicalWriter {
    /// Containers shorter than this are rewritten: a lookup would cost more.
    static let minimumReusedBytes = 48

    private var previousValue: JSONValue?
    private var previousBytes: [UInt8] = []
    private(set) var previousRanges: [JSONStorageIdentity: Range<Int>] = [:]

    public init() {}

    /// The canonical bytes of `value`, byte for byte `value.canonicalBytes`.
    public func write(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(256, previousBytes.count + previousBytes.count / 8))
        var ranges: [JSONStorageIdentity: Range<Int>] = [:]
        ranges.reserveCapacity(previousRanges.count)
        append(value, to: &bytes, ranges: &ranges)
        previousValue = value
        previousBytes = bytes
        previousRanges = ranges
        return bytes
    }

    /// Parses `bytes` as `JSONParser` does and, when they are canonical text
    /// (as the recorder stores keyframes), remembers them as if this writer
    /// had written the result: a later `write` of a value derived from it
    /// copies the bytes of every subtree the derivation left shared.
    ///
    /// Text that is not canonical is parsed all the same, and the writer
    /// forgets its previous value instead. The canonical check is strict but
    /// conservative: `\u` and `\/` escapes count as not canonical.
    ///
    /// - Throws: `JSONParseError`, exactly as `JSONParser.parse` does.
    public func parse(_ bytes: [UInt8], limits: JSONParser.Limits = .default) throws(JSONParseError) -> JSONValue {
        let (value, spans) = try JSONParser(limits: limits).parseWithCanonicalSpans(bytes, minimumSpan: Self.minimumReusedBytes)
        if let spans {
            previousValue = value
            previousBytes = bytes
            previousRanges = spans
        } else {
            reset()
        }
        return value
    }

    /// Forgets the previous value, releasing it.
    public func reset() {
        previousValue = nil
        previousBytes = []
        previousRanges = [:]
    }

    private func append(_ value: JSONValue, to bytes: inout [UInt8], ranges: inout [JSONStorageIdentity: Range<Int>]) {
        let identity = value.storageIdentity
        guard let identity else {
            JSONWriter.appendCanonical(value, to: &bytes)
            return
        }
        let start = bytes.count
        if let known = previousRanges[identity] {
            previousBytes.withUnsafeBufferPointer { old in
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: old[known]))
            }
        } else {
            switch value {
            case .array(let elements):
                bytes.append(UInt8(ascii: "["))
                for (offset, element) in elements.enumerated() {
                    if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                    append(element, to: &bytes, ranges: &ranges)
                }
                bytes.append(UInt8(ascii: "]"))
            case .object(let members):
                bytes.append(UInt8(ascii: "{"))
                for (offset, member) in JSONWriter.sortedMembers(members).enumerated() {
                    if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONWriter.appendString(member.key, to: &bytes)
                    bytes.append(UInt8(ascii: ":"))
                    append(member.value, to: &bytes, ranges: &ranges)
                }
                bytes.append(UInt8(ascii: "}"))
            default:
                JSONWriter.appendCanonical(value, to: &bytes)
            }
        }
        if bytes.count - start >= Self.minimumReusedBytes {
            ranges[identity] = start..<bytes.count
        }
    }
}
