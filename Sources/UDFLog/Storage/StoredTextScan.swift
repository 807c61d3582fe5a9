import UDFJSON

/// Looks into stored JSON text without parsing all of it: the top-level
/// members of a keyframe, and the pointers a patch writes to.
///
/// Each answer is either exact or nil ("cannot tell"), and a caller that gets
/// nil parses the whole text instead, so an odd text costs time, never a
/// wrong answer.
public enum StoredTextScan {
    /// The raw text of the members of a top-level object whose keys `wanted`
    /// accepts, each key once; nil when the text is not such an object.
    public static func members(of text: [UInt8], where wanted: (String) -> Bool) -> [(key: String, value: ArraySlice<UInt8>)]? {
        var index = skipSpace(text, 0)
        guard index < text.count, text[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(text, index + 1)
        var found: [(key: String, value: ArraySlice<UInt8>)] = []
        if index < text.count, text[index] == UInt8(ascii: "}") { return found }
        while index < text.count {
            guard text[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(text, index) else { return nil }
            let keyText = text[index..<keyEnd]
            let key: String
            if keyText.contains(UInt8(ascii: "\\")) {
                guard case .string(let decoded)? = try? JSONParser().parse(Array(keyText)) else { return nil }
                key = decoded
            } else {
                key = String(decoding: keyText.dropFirst().dropLast(), as: UTF8.self)
            }
            index = skipSpace(text, keyEnd)
            guard index < text.count, text[index] == UInt8(ascii: ":") else { return nil }
            let valueStart = skipSpace(text, index + 1)
            guard let valueEnd = valueEnd(text, valueStart) else { return nil }
            if wanted(key) {
                // A repeated key is left to the parser's own rule.
                guard !found.contains(where: { $0.key.hasSameScalars(as: key) }) else { return nil }
                found.append((key, text[valueStart..<valueEnd]))
            }
            index = skipSpace(text, valueEnd)
            guard index < text.count else { return nil }
            if text[index] == UInt8(ascii: "}") {
                return skipSpace(text, index + 1) == text.count ? found : nil
            }
            guard text[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpace(text, index + 1)
        }
        return nil
    }

    /// Whether every pointer a canonical patch text names (its `path` and
    /// `from` members) starts with a token `isOther` accepts; false when the
    /// text does not read as one (whitespace, escapes in a pointer, an
    /// operation without a path) or a pointer is the root.
    ///
    /// Inside a string value a quote is escaped, so `"path":"` is only ever a
    /// member name; one inside an added value is checked too, which can only
    /// make the answer false, never wrongly true.
    public static func writesOnlyUnder(patch text: [UInt8], others isOther: (ArraySlice<UInt8>) -> Bool) -> Bool {
        let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\"), tilde = UInt8(ascii: "~")
        var operations = 0
        var paths = 0
        var index = 0
        let count = text.count
        return text.withUnsafeBufferPointer { bytes in
            func matches(_ at: Int, _ pattern: StaticString) -> Bool {
                text[at..<min(at + pattern.utf8CodeUnitCount, count)].spells(pattern)
            }
            while index + 7 < count {
                guard bytes[index] == quote else {
                    index += 1
                    continue
                }
                if matches(index, "\"op\":\"") {
                    operations += 1
                    index += 6
                    continue
                }
                let isPath = matches(index, "\"path\":\"")
                guard isPath || matches(index, "\"from\":\"") else {
                    index += 1
                    continue
                }
                if isPath { paths += 1 }
                let start = index + 8
                var end = start
                while end < count, bytes[end] != quote {
                    if bytes[end] == backslash { return false }
                    end += 1
                }
                // "" is the root; "/a/b" starts with the token "a".
                guard end < count, start < end, bytes[start] == slash else { return false }
                var tokenEnd = start + 1
                while tokenEnd < end, bytes[tokenEnd] != slash {
                    // `~` escapes `/` and `~` in a token; leave those to the parser.
                    if bytes[tokenEnd] == tilde { return false }
                    tokenEnd += 1
                }
                if !isOther(text[(start + 1)..<tokenEnd]) { return false }
                index = end + 1
            }
            return operations > 0 && paths >= operations
        }
    }

    /// `ChangedMembersTable.keys(of:)` of a canonical patch text: for each
    /// operation's `path` and `from`, the member, and its child or `/m/-`,
    /// each once (`""` for the root); nil when the text is not in the
    /// recorder's canonical patch form (whitespace, a member other than
    /// `from`, `op`, `path` and `value`, an escape or a `~` in a pointer, an
    /// unknown `op`), and the caller parses it instead.
    public static func pointedKeys(ofCanonicalPatch text: [UInt8]) -> [String]? {
        scan(canonicalPatch: text)?.keys
    }

    /// What the index stores of a canonical patch text: the keys of
    /// `pointedKeys(ofCanonicalPatch:)`, and the operations under each
    /// child it names that a reader can apply apart from the rest
    /// (`ScannedPatch`); nil when the text is not in canonical form.
    ///
    /// It reads the text's structure, skipping each `value` whole, so a
    /// `"path"` inside an added value is never taken for an operation's.
    public static func scan(canonicalPatch text: [UInt8]) -> ScannedPatch? {
        let count = text.count
        guard count >= 2, text[0] == UInt8(ascii: "[") else { return nil }
        if text[1] == UInt8(ascii: "]") { return count == 2 ? ScannedPatch() : nil }
        var scanned = ScannedPatch()
        var described: [(key: String, operations: [UInt8])] = []
        var moved: [String] = []
        var index = 1
        while true {
            guard index < count, text[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            var op: ArraySlice<UInt8>?
            var path: ArraySlice<UInt8>?
            var from: ArraySlice<UInt8>?
            var value: ArraySlice<UInt8>?
            while true {
                guard index < count, text[index] == UInt8(ascii: "\""), let keyEnd = stringEnd(text, index),
                      keyEnd < count, text[keyEnd] == UInt8(ascii: ":") else { return nil }
                let key = text[(index + 1)..<(keyEnd - 1)]
                let valueStart = keyEnd + 1
                if key.spells("path") || key.spells("from") || key.spells("op") {
                    guard valueStart < count, text[valueStart] == UInt8(ascii: "\""),
                          let valueEnd = stringEnd(text, valueStart) else { return nil }
                    let value = text[(valueStart + 1)..<(valueEnd - 1)]
                    switch key.first {
                    case UInt8(ascii: "p"): path = value
                    case UInt8(ascii: "f"): from = value
                    default: op = value
                    }
                    index = valueEnd
                } else if key.spells("value") {
                    guard let valueEnd = valueEnd(text, valueStart) else { return nil }
                    value = text[valueStart..<valueEnd]
                    index = valueEnd
                } else {
                    return nil
                }
                guard index < count else { return nil }
                if text[index] == UInt8(ascii: "}") { break }
                guard text[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
            guard let op, let path, let written = OperationShape(op) else { return nil }
            if let from {
                guard written.hasSource, let keys = self.keys(ofPointer: from, reshapes: written == .move) else { return nil }
                keys.add(to: &scanned.keys)
                if let child = keys.child { moved.append(child) }
            }
            guard let pathKeys = self.keys(ofPointer: path, reshapes: written != .inPlace) else { return nil }
            pathKeys.add(to: &scanned.keys)
            if let child = pathKeys.child {
                // Children compare by their bytes: NFC and NFD twins are two children.
                let at = described.firstIndex { $0.key.hasSameScalars(as: child) } ?? {
                    described.append((child, []))
                    return described.count - 1
                }()
                if written.hasSource {
                    // It carries a value from elsewhere: its child is read whole.
                    moved.append(child)
                } else if let kind = ChildOperationsBlob.kind(of: op) {
                    guard (kind == ChildOperationsBlob.remove) == (value == nil) else { return nil }
                    // The path below the child: the pointer's bytes after the child's key.
                    let below = path.dropFirst(child.utf8.count)
                    ChildOperationsBlob.appendOperation(kind: kind, below: below, value: value, to: &described[at].operations)
                }
                // A `test` changes nothing.
            }
            index += 1
            guard index < count else { return nil }
            if text[index] == UInt8(ascii: "]") {
                guard index + 1 == count else { return nil }
                scanned.childOperations = moved.isEmpty ? described
                    : described.filter { child in !moved.contains { $0.hasSameScalars(as: child.key) } }
                return scanned
            }
            guard text[index] == UInt8(ascii: ",") else { return nil }
            index += 1
        }
    }

    /// The index keys of one pointer: the root alone, or the member and
    /// `/m/-` or the child `/m/c`. A pair, not an array: the audit asks
    /// for them at every step `verify` walks.
    private struct PointerKeys {
        let first: String
        let second: String?

        /// The child `/m/c` among them (`ChangedMembersTable.isChild`).
        var child: String? {
            guard let second, ChangedMembersTable.isChild(second) else { return nil }
            return second
        }

        /// Adds each to `keys` that is not there yet. A method, not a local
        /// function over `keys`: Swift checks the variables a local function
        /// captures at run time, on every access.
        func add(to keys: inout [String]) {
            ChangedMembersTable.add(first, to: &keys)
            if let second { ChangedMembersTable.add(second, to: &keys) }
        }
    }

    /// What an operation does at its `path`, as the index names it.
    private enum OperationShape {
        /// `replace` and `test`: in place.
        case inPlace
        /// `add` and `remove`: may shift the elements after it.
        case reshaping
        case move
        case copy

        init?(_ op: ArraySlice<UInt8>) {
            if op.spells("replace") || op.spells("test") {
                self = .inPlace
            } else if op.spells("add") || op.spells("remove") {
                self = .reshaping
            } else if op.spells("move") {
                self = .move
            } else if op.spells("copy") {
                self = .copy
            } else {
                return nil
            }
        }

        var hasSource: Bool { self == .move || self == .copy }
    }

    /// The index keys of one pointer text: `""` for the root, else `/m` and
    /// `/m/-` or `/m/c`; nil for a pointer with an escape or a `~`, or one
    /// that is not a pointer.
    private static func keys(ofPointer pointer: ArraySlice<UInt8>, reshapes: Bool) -> PointerKeys? {
        guard let first = pointer.first else { return PointerKeys(first: "", second: nil) }
        guard first == UInt8(ascii: "/"),
              !pointer.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "~") }) else { return nil }
        let slash = UInt8(ascii: "/")
        let memberEnd = pointer.dropFirst().firstIndex(of: slash) ?? pointer.endIndex
        let member = String(decoding: pointer[pointer.startIndex..<memberEnd], as: UTF8.self)
        guard memberEnd < pointer.endIndex else { return PointerKeys(first: member, second: member + "/-") }
        let childEnd = pointer[(memberEnd + 1)...].firstIndex(of: slash) ?? pointer.endIndex
        if reshapes && childEnd == pointer.endIndex { return PointerKeys(first: member, second: member + "/-") }
        return PointerKeys(first: member, second: String(decoding: pointer[pointer.startIndex..<childEnd], as: UTF8.self))
    }

    private static func skipSpace(_ text: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < text.count, text[index].isJSONWhitespace { index += 1 }
        return index
    }

    /// The index just past the string that starts at `start`.
    private static func stringEnd(_ text: [UInt8], _ start: Int) -> Int? {
        var index = start + 1
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index just past the value that starts at `start`; the value is
    /// only delimited here, the parser checks it when it is wanted.
    private static func valueEnd(_ text: [UInt8], _ start: Int) -> Int? {
        guard start < text.count else { return nil }
        switch text[start] {
        case UInt8(ascii: "\""):
            return stringEnd(text, start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(text, index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte.isJSONWhitespace { break }
                index += 1
            }
            return index > start ? index : nil
        }
    }
}
