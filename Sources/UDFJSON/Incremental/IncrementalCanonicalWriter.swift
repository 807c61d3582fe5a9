/// Writes the canonical bytes of successive states, copying the bytes of any
/// array or object that shares storage with one written by the previous call
/// instead of writing it again.
///
/// The output is always `JSONValue.canonicalBytes`; only the work differs.
/// It pays off with `IncrementalJSONEncoder`, whose unchanged subtrees share
/// storage with the previous result. The writer keeps the previous value
/// alive, so a storage identity it remembers cannot be freed and reused.
///
/// Long arrays reached through object members alone (such as a state's
/// lists) are also remembered by their path, with where each element's bytes
/// lie: the next array at that path compares its elements with the old ones
/// index by index, by storage identity, and copies each run of unchanged
/// elements in one go instead of looking every element up by identity.
///
/// Use one writer per state stream, from one thread at a time.
public final class IncrementalCanonicalWriter {
    /// Containers shorter than this are rewritten: a lookup would cost more.
    static let minimumReusedBytes = 48
    /// Arrays with fewer elements are not remembered by path.
    static let minimumLaidOutElements = 4
    /// Paths remembered at most; past that the table starts over.
    static let maximumLayouts = 64
    /// Elements that differ from the old one at their index before the
    /// writer looks the rest up by identity (they may have moved).
    static let misplacedBeforeLookup = 8

    /// Where one long array's elements were written.
    struct ArrayLayout {
        /// The elements as written, kept alive so their identities stay proofs.
        let elements: [JSONValue]
        /// The buffer they were written into, shared, never changed.
        let bytes: [UInt8]
        /// `starts[i]..<ends[i]`: element `i`'s bytes in `bytes`.
        let starts: [Int]
        let ends: [Int]
    }

    private var previousValue: JSONValue?
    private var previousBytes: [UInt8] = []
    private(set) var previousRanges: [JSONStorageIdentity: Range<Int>] = [:]
    private var layouts: [[String]: ArrayLayout] = [:]
    private var path: [String] = []

    public init() {}

    /// The canonical bytes of `value`, byte for byte `value.canonicalBytes`.
    public func write(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(256, previousBytes.count + previousBytes.count / 8))
        var ranges: [JSONStorageIdentity: Range<Int>] = [:]
        ranges.reserveCapacity(previousRanges.count)
        if layouts.count > Self.maximumLayouts { layouts = [:] }
        path = []
        var pending: [([String], ArrayLayout.Partial)] = []
        append(value, to: &bytes, ranges: &ranges, tracked: true, pending: &pending)
        for (arrayPath, partial) in pending {
            layouts[arrayPath] = ArrayLayout(elements: partial.elements, bytes: bytes, starts: partial.starts, ends: partial.ends)
        }
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
            layouts = [:]
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
        layouts = [:]
    }

    private func append(
        _ value: JSONValue, to bytes: inout [UInt8], ranges: inout [JSONStorageIdentity: Range<Int>],
        tracked: Bool, pending: inout [([String], ArrayLayout.Partial)]
    ) {
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
                if tracked, elements.count >= Self.minimumLaidOutElements {
                    let partial = appendLaidOut(elements, to: &bytes, ranges: &ranges, pending: &pending)
                    pending.append((path, partial))
                } else {
                    bytes.append(UInt8(ascii: "["))
                    for (offset, element) in elements.enumerated() {
                        if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                        append(element, to: &bytes, ranges: &ranges, tracked: false, pending: &pending)
                    }
                    bytes.append(UInt8(ascii: "]"))
                }
            case .object(let members):
                bytes.append(UInt8(ascii: "{"))
                for (offset, member) in JSONWriter.sortedMembers(members).enumerated() {
                    if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONWriter.appendString(member.key, to: &bytes)
                    bytes.append(UInt8(ascii: ":"))
                    if tracked { path.append(member.key) }
                    append(member.value, to: &bytes, ranges: &ranges, tracked: tracked, pending: &pending)
                    if tracked { path.removeLast() }
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

    /// Writes a long array at the current path, copying each run of elements
    /// that share storage with the old array's at the same indices, and
    /// returns where its elements went.
    private func appendLaidOut(
        _ elements: [JSONValue], to bytes: inout [UInt8], ranges: inout [JSONStorageIdentity: Range<Int>],
        pending: inout [([String], ArrayLayout.Partial)]
    ) -> ArrayLayout.Partial {
        var starts: [Int] = []
        var ends: [Int] = []
        starts.reserveCapacity(elements.count)
        ends.reserveCapacity(elements.count)
        let old = layouts[path]
        let oldCount = old?.elements.count ?? 0
        var misplaced = 0
        var index = 0
        bytes.append(UInt8(ascii: "["))
        while index < elements.count {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            // A run of elements identical to the old ones at the same indices.
            var runEnd = index
            if let old, misplaced < Self.misplacedBeforeLookup {
                runEnd += elements.sameBitsRun(with: old.elements, from: index)
            }
            if let old, runEnd > index {
                let shift = bytes.count - old.starts[index]
                old.bytes.withUnsafeBufferPointer { buffer in
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[old.starts[index]..<old.ends[runEnd - 1]]))
                }
                for moved in index..<runEnd {
                    starts.append(old.starts[moved] + shift)
                    ends.append(old.ends[moved] + shift)
                }
                index = runEnd
                continue
            }
            if index < oldCount { misplaced += 1 }
            starts.append(bytes.count)
            append(elements[index], to: &bytes, ranges: &ranges, tracked: false, pending: &pending)
            ends.append(bytes.count)
            index += 1
        }
        bytes.append(UInt8(ascii: "]"))
        return ArrayLayout.Partial(elements: elements, starts: starts, ends: ends)
    }
}

extension IncrementalCanonicalWriter.ArrayLayout {
    /// A layout whose buffer is still being written.
    struct Partial {
        let elements: [JSONValue]
        let starts: [Int]
        let ends: [Int]
    }
}
