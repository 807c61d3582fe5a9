import UDFJSON

/// Keeps the canonical text of a value as patches change it, editing the
/// text where each operation points instead of applying the patch and
/// writing the whole value again. It remembers where the containers it has
/// read lie (`CanonicalTextLayout`), so the next patch finds its place
/// without reading the text again.
///
/// `apply` gives exactly the canonical text of the patched value, or
/// refuses, leaving the text as it was: it refuses an operation other than
/// `add`, `remove` and `replace`, a patch that would not apply, and what
/// the text alone cannot prove (an `add` of a new key to an object whose
/// keys are not all plain ASCII, since a canonically equivalent key makes
/// `add` fail). Then the caller takes the plain path, which says why.
///
/// Use one editor per text, from one thread at a time.
public final class CanonicalTextEditor {
    /// The value's canonical text.
    public private(set) var text: [UInt8]
    /// The root container's layout, once read.
    private var root: CanonicalTextLayout?

    /// - Parameter text: A value's canonical text, as `canonicalBytes` writes it.
    public init(text: [UInt8] = []) {
        self.text = text
    }

    /// Starts over from another value's canonical text.
    public func reset(to text: [UInt8]) {
        self.text = text
        root = nil
    }

    /// Applies `patch` to the text, all or nothing; false when it refuses.
    public func apply(_ patch: JSONPatch) -> Bool {
        let original = text
        for operation in patch.operations where !apply(operation) {
            reset(to: original)
            return false
        }
        return true
    }

    private enum Edit {
        case add(JSONValue)
        case replace(JSONValue)
        case remove
    }

    private func apply(_ operation: PatchOperation) -> Bool {
        switch operation {
        case .add(let path, let value): edit(at: path.tokens, .add(value))
        case .replace(let path, let value): edit(at: path.tokens, .replace(value))
        case .remove(let path): edit(at: path.tokens, .remove)
        case .move, .copy, .test: false
        }
    }

    /// One text change: `replacement` in place of `removed`.
    private struct Change {
        let removed: Range<Int>
        let replacement: [UInt8]
    }

    private func edit(at tokens: [String], _ edit: Edit) -> Bool {
        guard let last = tokens.last else {
            // The root: `add` and `replace` put the value there; `remove` fails.
            switch edit {
            case .add(let value), .replace(let value): reset(to: value.canonicalBytes)
            case .remove: return false
            }
            return true
        }
        let change: Change? = text.withUnsafeBufferPointer { bytes in
            guard let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
            let root = self.root ?? CanonicalTextLayout(reading: bytes, at: 0)
            self.root = root
            // Down to the container that holds the last token.
            var path: [(layout: CanonicalTextLayout, index: Int)] = []
            var container = root
            var start = 0
            for token in tokens.dropLast() {
                guard let index = Self.existingIndex(token, in: container),
                      let child = container.child(index, in: bytes, containerStart: start) else { return nil }
                path.append((container, index))
                start += container.entries[index].valueStart
                container = child
            }
            guard let change = Self.change(edit, token: last, in: container, at: start) else { return nil }
            let delta = change.replacement.count - change.removed.count
            for (layout, index) in path.reversed() {
                layout.resize(index, by: delta, replacingValue: false)
            }
            return change
        }
        guard let change else { return false }
        var next: [UInt8] = []
        next.reserveCapacity(text.count + change.replacement.count)
        text.withUnsafeBufferPointer { bytes in
            next.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<change.removed.lowerBound]))
            next += change.replacement
            next.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[change.removed.upperBound...]))
        }
        text = next
        return true
    }

    /// Makes the change in `container`, whose first byte is at `start`, and
    /// updates its layout; nil where the plain path fails or cannot be proven.
    private static func change(_ edit: Edit, token: String, in container: CanonicalTextLayout, at start: Int) -> Change? {
        let found = existingIndex(token, in: container)
        switch edit {
        case .replace(let value):
            guard let found else { return nil }
            return replaceValue(at: found, with: value, in: container, at: start)
        case .remove:
            guard let found else { return nil }
            return remove(at: found, in: container, at: start)
        case .add(let value):
            if container.isObject {
                // An existing key takes the value, as `replace`.
                if let found { return replaceValue(at: found, with: value, in: container, at: start) }
                let key = escapedKey(token)
                guard container.keysArePlain, CanonicalTextLayout.isPlain(key) else { return nil }
                var member: [UInt8] = [UInt8(ascii: "\"")] + key + [UInt8(ascii: "\""), UInt8(ascii: ":")]
                let valueOffset = member.count
                JSONWriter.appendCanonical(value, to: &member)
                return insert(member, key: key, valueOffset: valueOffset, at: container.insertionIndex(ofKey: key), in: container, at: start)
            }
            let index: Int
            if token == "-" {
                index = container.entries.count
            } else {
                guard let parsed = PointerToken.arrayIndex(token), parsed <= container.entries.count else { return nil }
                index = parsed
            }
            return insert(value.canonicalBytes, key: nil, valueOffset: 0, at: index, in: container, at: start)
        }
    }

    private static func replaceValue(at index: Int, with value: JSONValue, in container: CanonicalTextLayout, at start: Int) -> Change {
        let old = container.entries[index].value
        let replacement = value.canonicalBytes
        container.resize(index, by: replacement.count - old.count, replacingValue: true)
        return Change(removed: (start + old.lowerBound)..<(start + old.upperBound), replacement: replacement)
    }

    /// Removes entry `index` with the comma that parts it from a neighbour:
    /// the one after it, or else the one before it.
    private static func remove(at index: Int, in container: CanonicalTextLayout, at start: Int) -> Change {
        let entries = container.entries
        var removed = entries[index].whole
        if index + 1 < entries.count {
            removed = removed.lowerBound..<entries[index + 1].whole.lowerBound
        } else if index > 0 {
            removed = entries[index - 1].whole.upperBound..<removed.upperBound
        }
        container.remove(at: index, removed: removed.count)
        return Change(removed: (start + removed.lowerBound)..<(start + removed.upperBound), replacement: [])
    }

    /// Puts `entry` (a member's `"key":value`, or an element) in as entry
    /// `index`, with the comma it needs.
    private static func insert(
        _ entry: [UInt8], key: [UInt8]?, valueOffset: Int, at index: Int, in container: CanonicalTextLayout, at start: Int
    ) -> Change {
        let entries = container.entries
        let position: Int
        var replacement = entry
        var entryStart: Int
        if index < entries.count {
            position = entries[index].whole.lowerBound
            entryStart = position
            replacement.append(UInt8(ascii: ","))
        } else {
            // Before the closing bracket.
            position = container.closingBracket
            entryStart = position
            if !entries.isEmpty {
                replacement.insert(UInt8(ascii: ","), at: 0)
                entryStart += 1
            }
        }
        let inserted = CanonicalTextLayout.Entry(
            key: key, whole: entryStart..<(entryStart + entry.count), valueStart: entryStart + valueOffset
        )
        container.insert(inserted, at: index, inserted: replacement.count)
        return Change(removed: (start + position)..<(start + position), replacement: replacement)
    }

    /// The entry `token` names, as `PatchApplier` resolves an existing one:
    /// a key by its exact scalars, or an array index.
    private static func existingIndex(_ token: String, in container: CanonicalTextLayout) -> Int? {
        if container.isObject { return container.index(ofKey: escapedKey(token)) }
        guard let index = PointerToken.arrayIndex(token), index < container.entries.count else { return nil }
        return index
    }

    /// `key` as the canonical text spells it between its quotes.
    private static func escapedKey(_ key: String) -> [UInt8] {
        var quoted: [UInt8] = []
        JSONWriter.appendString(key, to: &quoted)
        return Array(quoted.dropFirst().dropLast())
    }
}
