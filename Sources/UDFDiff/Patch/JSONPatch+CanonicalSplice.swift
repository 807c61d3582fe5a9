import UDFJSON

extension JSONPatch {
    /// The canonical text of this patch applied to the value whose canonical
    /// text is `text`, made by editing `text` where the operations point
    /// instead of applying the patch and writing the whole result again.
    ///
    /// It is exactly `apply(to: value).canonicalBytes`, or nil: nil when an
    /// operation is not `add`, `remove` or `replace`, when the patch would
    /// not apply, and where the text alone cannot prove the result (an `add`
    /// of a new key to an object whose keys are not all plain ASCII, since a
    /// canonically equivalent key makes `add` fail). On nil the caller
    /// takes the plain path, which says why. `text` must be canonical text,
    /// as `canonicalBytes` writes it.
    public func splicing(intoCanonical text: [UInt8]) -> [UInt8]? {
        var current = text
        for operation in operations {
            let next: [UInt8]?
            switch operation {
            case .add(let path, let value):
                next = CanonicalSplice.edit(current, at: path.tokens, .add(value))
            case .replace(let path, let value):
                next = CanonicalSplice.edit(current, at: path.tokens, .replace(value))
            case .remove(let path):
                next = CanonicalSplice.edit(current, at: path.tokens, .remove)
            case .move, .copy, .test:
                next = nil
            }
            guard let next else { return nil }
            current = next
        }
        return current
    }
}

/// Edits one place of a canonical text, reading only the containers on the
/// way to it. Canonical text has no whitespace, members in UTF-8 key order,
/// and strings escaped only where `"`, `\` and control bytes stand.
enum CanonicalSplice {
    enum Edit {
        case add(JSONValue)
        case replace(JSONValue)
        case remove
    }

    static func edit(_ text: [UInt8], at tokens: [String], _ edit: Edit) -> [UInt8]? {
        guard let last = tokens.last else {
            // The root: `add` and `replace` put the value there; `remove` fails.
            switch edit {
            case .add(let value), .replace(let value): return value.canonicalBytes
            case .remove: return nil
            }
        }
        return text.withUnsafeBufferPointer { buffer -> [UInt8]? in
            let reader = CanonicalTextReader(bytes: buffer)
            var start = 0
            for token in tokens.dropLast() {
                guard let child = reader.child(token, ofValueAt: start) else { return nil }
                start = child.lowerBound
            }
            guard let change = reader.change(edit, token: last, inContainerAt: start) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(buffer.count + change.replacement.count)
            result.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<change.removed.lowerBound]))
            result += change.replacement
            result.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[change.removed.upperBound...]))
            return result
        }
    }
}

/// Finds values in canonical text without parsing it.
private struct CanonicalTextReader {
    let bytes: UnsafeBufferPointer<UInt8>

    /// One member of an object, or one element of an array.
    struct Entry {
        /// From the key's opening quote (the element itself in an array) to the value's end.
        let whole: Range<Int>
        let value: Range<Int>
    }

    /// What to replace in the text, and with what.
    struct Change {
        let removed: Range<Int>
        let replacement: [UInt8]
    }

    /// The value `token` names in the container starting at `start`, as
    /// `PatchApplier` resolves a token on the way; nil where it fails.
    func child(_ token: String, ofValueAt start: Int) -> Range<Int>? {
        switch bytes[start] {
        case UInt8(ascii: "{"):
            guard case .found(let entry) = member(token, inObjectAt: start) else { return nil }
            return entry.value
        case UInt8(ascii: "["):
            guard let index = Self.index(token) else { return nil }
            return element(index, inArrayAt: start)?.value
        default:
            return nil
        }
    }

    func change(_ edit: CanonicalSplice.Edit, token: String, inContainerAt start: Int) -> Change? {
        switch bytes[start] {
        case UInt8(ascii: "{"): objectChange(edit, key: token, at: start)
        case UInt8(ascii: "["): arrayChange(edit, token: token, at: start)
        default: nil
        }
    }

    private func objectChange(_ edit: CanonicalSplice.Edit, key: String, at start: Int) -> Change? {
        switch (member(key, inObjectAt: start), edit) {
        case (.found(let entry), .add(let value)), (.found(let entry), .replace(let value)):
            return Change(removed: entry.value, replacement: value.canonicalBytes)
        case (.found(let entry), .remove):
            return Change(removed: withSeparator(entry.whole), replacement: [])
        case (.absent(let insertAt, let keysArePlain), .add(let value)):
            guard keysArePlain, Self.isPlain(Array(key.utf8)) else { return nil }
            var member: [UInt8] = []
            JSONWriter.appendString(key, to: &member)
            member.append(UInt8(ascii: ":"))
            JSONWriter.appendCanonical(value, to: &member)
            return insertion(member, at: insertAt, containerStart: start)
        case (.absent, _), (.undecidable, _):
            return nil
        }
    }

    private func arrayChange(_ edit: CanonicalSplice.Edit, token: String, at start: Int) -> Change? {
        switch edit {
        case .replace(let value):
            guard let index = Self.index(token), let entry = element(index, inArrayAt: start) else { return nil }
            return Change(removed: entry.value, replacement: value.canonicalBytes)
        case .remove:
            guard let index = Self.index(token), let entry = element(index, inArrayAt: start) else { return nil }
            return Change(removed: withSeparator(entry.whole), replacement: [])
        case .add(let value):
            let position: Int
            if token == "-" {
                position = valueEnd(from: start) - 1
            } else {
                guard let index = Self.index(token) else { return nil }
                if let entry = element(index, inArrayAt: start) {
                    position = entry.whole.lowerBound
                } else if index == count(inArrayAt: start) {
                    position = valueEnd(from: start) - 1
                } else {
                    return nil
                }
            }
            return insertion(value.canonicalBytes, at: position, containerStart: start)
        }
    }

    /// `entry` at `position`: before the entry that starts there, or before
    /// the container's closing bracket, with the comma it needs.
    private func insertion(_ entry: [UInt8], at position: Int, containerStart: Int) -> Change {
        var replacement = entry
        let closes = bytes[position] == UInt8(ascii: "}") || bytes[position] == UInt8(ascii: "]")
        if !closes {
            replacement.append(UInt8(ascii: ","))
        } else if position > containerStart + 1 {
            replacement.insert(UInt8(ascii: ","), at: 0)
        }
        return Change(removed: position..<position, replacement: replacement)
    }

    /// `entry` with the comma that parts it from a neighbour: the one after
    /// it, or else the one before it.
    private func withSeparator(_ entry: Range<Int>) -> Range<Int> {
        if bytes[entry.upperBound] == UInt8(ascii: ",") { return entry.lowerBound..<(entry.upperBound + 1) }
        if bytes[entry.lowerBound - 1] == UInt8(ascii: ",") { return (entry.lowerBound - 1)..<entry.upperBound }
        return entry
    }

    enum MemberSearch {
        case found(Entry)
        /// Not there: a new member goes at `insertAt`; `keysArePlain` when
        /// every key is printable ASCII with no escape, so text order is key order.
        case absent(insertAt: Int, keysArePlain: Bool)
        /// The key needs escaping: its order among the keys is not the text's.
        case undecidable
    }

    /// The member whose key has exactly the scalars of `key`, found by its
    /// escaped bytes (escaping is one to one).
    private func member(_ key: String, inObjectAt start: Int) -> MemberSearch {
        var wanted: [UInt8] = []
        JSONWriter.appendString(key, to: &wanted)
        var position = start + 1
        var insertAt: Int?
        var keysArePlain = true
        while bytes[position] != UInt8(ascii: "}") {
            if bytes[position] == UInt8(ascii: ",") { position += 1 }
            let keyStart = position
            let keyEnd = stringEnd(from: keyStart)
            let valueEnd = valueEnd(from: keyEnd + 1)
            let found = UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd])
            if found.elementsEqual(wanted) {
                return .found(Entry(whole: keyStart..<valueEnd, value: (keyEnd + 1)..<valueEnd))
            }
            let plain = Self.isPlain(found)
            keysArePlain = keysArePlain && plain
            // Compared without their quotes: a quote sorts above a space.
            if insertAt == nil, plain, Self.isPlain(wanted),
               wanted.dropFirst().dropLast().lexicographicallyPrecedes(found.dropFirst().dropLast()) {
                insertAt = keyStart
            }
            position = valueEnd
        }
        guard Self.isPlain(wanted) else { return .undecidable }
        return .absent(insertAt: insertAt ?? position, keysArePlain: keysArePlain)
    }

    /// Element `index` of the array starting at `start`, or nil past its end.
    private func element(_ index: Int, inArrayAt start: Int) -> Entry? {
        var position = start + 1
        var current = 0
        while bytes[position] != UInt8(ascii: "]") {
            if bytes[position] == UInt8(ascii: ",") { position += 1 }
            let end = valueEnd(from: position)
            if current == index { return Entry(whole: position..<end, value: position..<end) }
            current += 1
            position = end
        }
        return nil
    }

    private func count(inArrayAt start: Int) -> Int {
        var position = start + 1
        var count = 0
        while bytes[position] != UInt8(ascii: "]") {
            if bytes[position] == UInt8(ascii: ",") { position += 1 }
            position = valueEnd(from: position)
            count += 1
        }
        return count
    }

    /// Where the value starting at `start` ends.
    private func valueEnd(from start: Int) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = start
            while true {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    position = stringEnd(from: position)
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
    private func stringEnd(from start: Int) -> Int {
        var position = start + 1
        while bytes[position] != UInt8(ascii: "\"") {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        return position + 1
    }

    /// A quoted key of printable ASCII with no escape: its bytes sort as its scalars do.
    private static func isPlain<Bytes: Collection<UInt8>>(_ quoted: Bytes) -> Bool {
        quoted.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\\") }
    }

    /// An RFC 6901 array index: `0` or digits without a leading zero.
    private static func index(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard !utf8.isEmpty, utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              utf8.count == 1 || utf8.first != UInt8(ascii: "0") else { return nil }
        return Int(token)
    }
}
