/// Where the children of one array or object lie in a canonical text,
/// relative to the container's first byte, with the layouts of the child
/// containers read so far. A container is read once; after that, finding a
/// child costs a lookup, not a scan, and an edit below it moves the offsets
/// of the later children only. Offsets are relative, so moving a child
/// leaves its own layout as it is.
///
/// Canonical text has no whitespace, members in UTF-8 key order, and
/// strings escaped only where `"`, `\` and control bytes stand.
final class CanonicalTextLayout {
    /// One member of an object, or one element of an array.
    struct Entry {
        /// The member's key as the text spells it, between its quotes; nil in an array.
        let key: [UInt8]?
        /// From the key's opening quote (an element's first byte) to the value's end.
        var whole: Range<Int>
        /// Where the value starts.
        var valueStart: Int

        var value: Range<Int> { valueStart..<whole.upperBound }

        mutating func shift(by delta: Int) {
            whole = (whole.lowerBound + delta)..<(whole.upperBound + delta)
            valueStart += delta
        }
    }

    let isObject: Bool
    private(set) var entries: [Entry] = []
    /// Where the closing bracket is: canonical text has no whitespace, so
    /// right after the last entry.
    var closingBracket: Int { entries.last?.whole.upperBound ?? 1 }
    /// Every key printable ASCII without an escape: their text order is
    /// their scalar order, and none is canonically equivalent to another
    /// plain key. Kept false once false, which only costs splices.
    private(set) var keysArePlain = true
    /// Layouts of child containers, by entry index.
    private var children: [Int: CanonicalTextLayout] = [:]

    /// Reads the container whose opening bracket is at `start`.
    init(reading bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        isObject = bytes[start] == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var position = start + 1
        while bytes[position] != closing {
            if bytes[position] == UInt8(ascii: ",") { position += 1 }
            let entryStart = position
            var key: [UInt8]?
            if isObject {
                let keyEnd = Self.stringEnd(bytes, from: position)
                let inner = Array(bytes[(position + 1)..<(keyEnd - 1)])
                keysArePlain = keysArePlain && Self.isPlain(inner)
                key = inner
                position = keyEnd + 1
            }
            let valueStart = position
            position = Self.valueEnd(bytes, from: position)
            entries.append(Entry(key: key, whole: (entryStart - start)..<(position - start), valueStart: valueStart - start))
        }
    }

    // MARK: Finding

    /// The entry whose key has exactly `key`'s escaped bytes (escaping is one to one).
    func index(ofKey key: [UInt8]) -> Int? {
        entries.firstIndex { $0.key == key }
    }

    /// Where a new plain `key` goes among plain keys: before the first greater one.
    func insertionIndex(ofKey key: [UInt8]) -> Int {
        entries.firstIndex { entry in key.lexicographicallyPrecedes(entry.key ?? []) } ?? entries.count
    }

    /// The layout of the container at entry `index`, read now if it was not.
    func child(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>, containerStart: Int) -> CanonicalTextLayout? {
        if let known = children[index] { return known }
        let start = containerStart + entries[index].valueStart
        guard bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else { return nil }
        let layout = CanonicalTextLayout(reading: bytes, at: start)
        children[index] = layout
        return layout
    }

    // MARK: Editing, as the text is edited

    /// Entry `index`'s value changed length by `delta`; a new value has no layout yet.
    func resize(_ index: Int, by delta: Int, replacingValue: Bool) {
        entries[index].whole = entries[index].whole.lowerBound..<(entries[index].whole.upperBound + delta)
        shiftEntries(after: index, by: delta)
        if replacingValue { children[index] = nil }
    }

    /// A new entry at `index`, whose text of `inserted` bytes was put in
    /// with its comma: the entries after it move by that much.
    func insert(_ entry: Entry, at index: Int, inserted: Int) {
        entries.insert(entry, at: index)
        shiftEntries(after: index, by: inserted)
        if let key = entry.key { keysArePlain = keysArePlain && Self.isPlain(key) }
        children = Dictionary(uniqueKeysWithValues: children.map { ($0.key >= index ? $0.key + 1 : $0.key, $0.value) })
    }

    /// Entry `index` was taken out with its comma, `removed` bytes in all.
    func remove(at index: Int, removed: Int) {
        entries.remove(at: index)
        shiftEntries(after: index - 1, by: -removed)
        children[index] = nil
        children = Dictionary(uniqueKeysWithValues: children.map { ($0.key > index ? $0.key - 1 : $0.key, $0.value) })
    }

    private func shiftEntries(after index: Int, by delta: Int) {
        Self.shift(&entries, after: index, by: delta)
    }

    /// One access to `entries` for the whole loop: Swift checks each access
    /// to a class's property at run time, and a loop of them cost more
    /// than the shifts.
    private static func shift(_ entries: inout [Entry], after index: Int, by delta: Int) {
        guard index + 1 < entries.count else { return }
        for later in (index + 1)..<entries.count { entries[later].shift(by: delta) }
    }

    // MARK: Reading text

    /// Where the value starting at `start` ends.
    static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(bytes, from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = start
            while true {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    position = stringEnd(bytes, from: position)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return position + 1 }
                default:
                    break
                }
                position += 1
            }
        default:
            var position = start
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { break }
                position += 1
            }
            return position
        }
    }

    /// Where the string whose opening quote is at `start` ends, past its closing quote.
    static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start + 1
        while true {
            // Steps of one byte between escapes: the next read never waits
            // for the byte just read, which a step of one or two would.
            var byte = bytes[position]
            while byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                position += 1
                byte = bytes[position]
            }
            if byte == UInt8(ascii: "\"") { return position + 1 }
            position += 2
        }
    }

    /// Key bytes of printable ASCII with no escape: they sort as their scalars do.
    static func isPlain(_ key: [UInt8]) -> Bool {
        key.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\\") }
    }
}
