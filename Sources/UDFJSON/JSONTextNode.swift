/// The `Encoder` behind `JSONTextEncoder`: writes a value's JSON text while
/// its `encode(to:)` runs, with no value tree in between. One node per
/// nested value, as `JSONEncodingNode`.
///
/// A node's text begins at `start` in its buffer. Members and elements are
/// written where the value encodes them; each member is recorded as a
/// segment, and `finish()` puts them in canonical key order, moving bytes
/// only when they were not written in it. Elements are only counted. Nested
/// containers and super-encoders outlive the call that made them, so they
/// write into buffers of their own, joined in by `finish()`: a member's by
/// its segment, an element's at the place its placeholder marks.
///
/// Where the value tree's answer would hang on more than text (a node that
/// switches between object and array, two keys equal but spelled apart, a
/// container written to after its value was finished), the node marks the
/// run irregular and `JSONTextEncoder` takes the plain path instead.
final class JSONTextNode: JSONEncodingSink {
    /// Where nodes write. Nodes of one value share it; a pending node has its own.
    final class Buffer {
        /// Unchecked: a run checking each append's exclusive access spent
        /// 15% of its time on it. Every access is one append or cut by the
        /// node writing, none overlaps another, and a pending node writes to
        /// a buffer of its own.
        @exclusivity(unchecked) var bytes: [UInt8] = []
    }

    /// What every node of one run shares.
    final class Run {
        var irregular = false
    }

    /// One member. `range` holds its text after the comma; for a pending
    /// one, only what comes before its value, which `pending` writes.
    struct Segment {
        let key: CanonicalKey
        let range: Range<Int>
        let pending: JSONTextNode?
    }

    let parent: JSONTextNode?
    let component: JSONCodingPathComponent?
    private let run: Run
    private let buffer: Buffer
    /// Spaces per level; nil for the canonical form.
    private let indent: Int?
    private let level: Int
    private let start: Int
    private var kind = JSONEncodingKind.empty
    /// An object's members. Unchecked as `Buffer.bytes` is: only this node appends to it.
    @exclusivity(unchecked) private var segments: [Segment] = []
    /// Members or elements written so far, placeholders included.
    private var count = 0
    /// An array's nested containers and super-encoders, and where in the
    /// buffer each one's text goes.
    private var placeholders: [(offset: Int, node: JSONTextNode)] = []
    /// Whether the members so far came in strictly ascending key order.
    private var inOrder = true
    private var hasPending = false
    private var hasNonASCIIKey = false
    /// Set while a child writes after this node's text: this node must not write then.
    private var childOpen = false
    private var finished = false

    init(parent: JSONTextNode?, component: JSONCodingPathComponent?, run: Run, buffer: Buffer, indent: Int?, level: Int) {
        self.parent = parent
        self.component = component
        self.run = run
        self.buffer = buffer
        self.indent = indent
        self.level = level
        start = buffer.bytes.count
    }

    var elementCount: Int { count }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        open(.object)
        return KeyedEncodingContainer(KeyedJSONEncodingContainer<Key, JSONTextNode>(node: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        open(.array)
        return UnkeyedJSONEncodingContainer(node: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueJSONEncodingContainer(node: self)
    }

    // MARK: Writing

    func setMember(_ key: String, _ value: JSONValue) throws(JSONEncodingError) {
        guard writable(as: .object) else { return }
        let segmentStart = beginSegment().start
        writeKey(key)
        writeValue(value, level: level + 1)
        record(key: key, range: segmentStart..<buffer.bytes.count, pending: nil)
    }

    func appendElement(_ value: JSONValue) {
        guard writable(as: .array) else { return }
        beginSegment()
        writeValue(value, level: level + 1)
    }

    func setSingle(_ value: JSONValue) {
        guard kind == .empty || kind == .single, !finished, !childOpen else { return markIrregular() }
        buffer.bytes.removeSubrange(start...)
        kind = .single
        writeValue(value, level: level)
    }

    func encodeMember<T: Encodable>(_ value: T, forKey key: String) throws {
        if let scalar = try scalar(value, at: .key(key)) {
            return try setMember(key, scalar)
        }
        guard writable(as: .object) else { return }
        let (cut, segmentStart) = beginSegment()
        writeKey(key)
        try encodeChild(value, at: .key(key), cut: cut)
        record(key: key, range: segmentStart..<buffer.bytes.count, pending: nil)
    }

    func encodeElement<T: Encodable>(_ value: T) throws {
        let index = count
        if let scalar = try scalar(value, at: .index(index)) {
            return appendElement(scalar)
        }
        guard writable(as: .array) else { return }
        let cut = beginSegment().cut
        try encodeChild(value, at: .index(index), cut: cut)
    }

    func encodeHere<T: Encodable>(_ value: T) throws {
        if let scalar = try scalar(value, at: nil) {
            setSingle(scalar)
        } else {
            try value.encode(to: self)
        }
    }

    func makePending(at slot: JSONCodingPathComponent, kind: JSONEncodingKind) -> JSONTextNode {
        let child = JSONTextNode(parent: self, component: slot, run: run, buffer: Buffer(), indent: indent, level: level + 1)
        if kind != .empty { child.open(kind) }
        guard case .key(let key) = slot, writable(as: .object) else { return child }
        let segmentStart = beginSegment().start
        writeKey(key)
        record(key: key, range: segmentStart..<buffer.bytes.count, pending: child)
        return child
    }

    func placeholderElement(kind: JSONEncodingKind) -> JSONTextNode {
        let child = JSONTextNode(parent: self, component: .index(count), run: run, buffer: Buffer(), indent: indent, level: level + 1)
        if kind != .empty { child.open(kind) }
        guard writable(as: .array) else { return child }
        beginSegment()
        placeholders.append((buffer.bytes.count, child))
        return child
    }

    /// Closes this node's text: an object's members in canonical order, its
    /// pending nodes' text joined in, the closing bracket; `{}` for a value
    /// that wrote nothing, as a type with no stored properties encodes.
    func finish() throws(JSONEncodingError) {
        finished = true
        switch kind {
        case .empty:
            buffer.bytes += [UInt8(ascii: "{"), UInt8(ascii: "}")]
        case .single:
            break
        case .array:
            for (_, node) in placeholders { try node.finish() }
            // From the last, so the offsets before it still hold.
            for (offset, node) in placeholders.reversed() {
                buffer.bytes.insert(contentsOf: node.buffer.bytes, at: offset)
            }
            close(UInt8(ascii: "]"))
        case .object:
            try finishPending()
            // A key with more than one spelling is checked against the others on the way.
            if hasPending || !inOrder || hasNonASCIIKey { rewrite(canonicalOrder()) }
            close(UInt8(ascii: "}"))
        }
    }

    // MARK: Parts

    private func open(_ newKind: JSONEncodingKind) {
        switch (kind, newKind) {
        case (.object, .object), (.array, .array):
            return
        case (.empty, _), (.single, _):
            guard !finished, !childOpen else { return markIrregular() }
            buffer.bytes.removeSubrange(start...)
            kind = newKind
            buffer.bytes.append(newKind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        default:
            // The value tree keeps both kinds' contents across a switch.
            markIrregular()
        }
    }

    private func writable(as expected: JSONEncodingKind) -> Bool {
        guard kind == expected, !finished, !childOpen else {
            markIrregular()
            return false
        }
        return true
    }

    private func markIrregular() {
        run.irregular = true
    }

    /// Writes the comma before every member or element but the first, then
    /// the line break, and counts it. Returns where the comma went and where
    /// the member or element begins.
    @discardableResult
    private func beginSegment() -> (cut: Int, start: Int) {
        let cut = buffer.bytes.count
        if count > 0 { buffer.bytes.append(UInt8(ascii: ",")) }
        count += 1
        let segmentStart = buffer.bytes.count
        if let indent {
            JSONWriter.appendNewline(indentation: indent * (level + 1), to: &buffer.bytes)
        }
        return (cut, segmentStart)
    }

    private func writeKey(_ key: String) {
        JSONWriter.appendString(key, to: &buffer.bytes)
        buffer.bytes.append(UInt8(ascii: ":"))
        if indent != nil { buffer.bytes.append(UInt8(ascii: " ")) }
    }

    private func writeValue(_ value: JSONValue, level: Int) {
        if let indent {
            JSONWriter.appendPretty(value, indent: indent, level: level, to: &buffer.bytes)
        } else {
            JSONWriter.appendCanonical(value, to: &buffer.bytes)
        }
    }

    /// Encodes a value with an `encode(to:)` of its own, after this node's
    /// text; a failure takes back what it wrote and the member or element
    /// `beginSegment` counted, as the tree never sets it.
    private func encodeChild<T: Encodable>(_ value: T, at component: JSONCodingPathComponent, cut: Int) throws {
        let child = JSONTextNode(parent: self, component: component, run: run, buffer: buffer, indent: indent, level: level + 1)
        childOpen = true
        defer { childOpen = false }
        do {
            try value.encode(to: child)
            try child.finish()
        } catch {
            buffer.bytes.removeSubrange(cut...)
            count -= 1
            // The tree drops a failed child: a container of it kept and written later must not write here.
            child.finished = true
            throw error
        }
    }

    private func record(key: String, range: Range<Int>, pending: JSONTextNode?) {
        let key = CanonicalKey(key)
        // An ASCII key has no other spelling `String` takes for equal.
        if !hasNonASCIIKey, !key.key.utf8.allSatisfy({ $0 < 0x80 }) { hasNonASCIIKey = true }
        if pending != nil { hasPending = true }
        if inOrder, let last = segments.last { inOrder = last.key < key }
        segments.append(Segment(key: key, range: range, pending: pending))
    }

    /// The segments to keep, in canonical order. As in the value tree, a key
    /// set twice keeps its last value, and pending members are set after
    /// every direct one.
    private func canonicalOrder() -> [Int] {
        let firstPending = segments.count
        func rank(_ index: Int) -> Int { segments[index].pending == nil ? index : firstPending + index }
        var kept = Array(segments.indices)
        kept.sort { left, right in
            let a = segments[left].key, b = segments[right].key
            return a == b ? rank(left) < rank(right) : a < b
        }
        // Sorted, a key's spellings byte for byte are neighbours, the last set last.
        var keptCount = 0
        for index in kept {
            if keptCount > 0, segments[kept[keptCount - 1]].key == segments[index].key {
                kept[keptCount - 1] = index
            } else {
                kept[keptCount] = index
                keptCount += 1
            }
        }
        kept.removeLast(kept.count - keptCount)
        if hasNonASCIIKey {
            // Keys spelled apart but equal as `String`s: the tree refuses them.
            for (position, index) in kept.enumerated() where kept[..<position].contains(where: { segments[$0].key.key == segments[index].key.key }) {
                markIrregular()
                break
            }
        }
        return kept
    }

    /// Every pending node, in the order they were made, as the tree does,
    /// those a later member replaces included.
    private func finishPending() throws(JSONEncodingError) {
        guard hasPending else { return }
        for segment in segments {
            try segment.pending?.finish()
        }
    }

    /// Writes the segments again in `order`, with their pending nodes' text.
    private func rewrite(_ order: [Int]) {
        let contentStart = start + 1
        let written = Array(buffer.bytes[contentStart...])
        buffer.bytes.removeSubrange(contentStart...)
        for (position, index) in order.enumerated() {
            if position > 0 { buffer.bytes.append(UInt8(ascii: ",")) }
            let segment = segments[index]
            buffer.bytes += written[(segment.range.lowerBound - contentStart)..<(segment.range.upperBound - contentStart)]
            if let pending = segment.pending {
                buffer.bytes += pending.buffer.bytes
            }
        }
    }

    private func close(_ bracket: UInt8) {
        if let indent, count > 0 {
            JSONWriter.appendNewline(indentation: indent * level, to: &buffer.bytes)
        }
        buffer.bytes.append(bracket)
    }
}
