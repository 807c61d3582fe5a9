import UDFDiff
import UDFJSON

/// The `operations` column of a child's `changed_members` row (format v7).
///
/// For each step of the row that it describes, in step order: the step's
/// offset from the row's `first_step` (2 bytes, little-endian), the length
/// of its operations (a varint), and its operations, each as one byte for
/// what it does (`a` add, `r` remove, `p` replace), the rest of its path
/// below the child (a varint length and the pointer's text, `""` for the
/// child itself), and for `a` and `p` the value (a varint length and its
/// text as the patch spells it). Varints are unsigned LEB128.
enum ChildOperationsBlob {
    static let add = UInt8(ascii: "a")
    static let remove = UInt8(ascii: "r")
    static let replace = UInt8(ascii: "p")

    /// The byte that stands for the operation named `name` (its `op`
    /// text's bytes): `add`, `remove` or `replace`; nil for any other.
    static func kind(of name: ArraySlice<UInt8>) -> UInt8? {
        if name.spells("add") { return add }
        if name.spells("remove") { return remove }
        if name.spells("replace") { return replace }
        return nil
    }

    /// Appends one operation to a step's operations.
    static func appendOperation(kind: UInt8, below: ArraySlice<UInt8>, value: ArraySlice<UInt8>?, to operations: inout [UInt8]) {
        operations.append(kind)
        appendVarint(below.count, to: &operations)
        operations += below
        if let value {
            appendVarint(value.count, to: &operations)
            operations += value
        }
    }

    /// Appends one step's entry.
    static func append(offset: Int, operations: [UInt8], to blob: inout [UInt8]) {
        blob.append(UInt8(truncatingIfNeeded: offset))
        blob.append(UInt8(truncatingIfNeeded: offset >> 8))
        appendVarint(operations.count, to: &blob)
        blob += operations
    }

    /// The entries of `blob`, in order; nil when it is misshapen: an offset
    /// past the row's last step or not after the one before, or a length
    /// past the blob's end.
    static func entries(_ blob: [UInt8]) -> [(offset: Int, start: Int, operations: ArraySlice<UInt8>)]? {
        var entries: [(offset: Int, start: Int, operations: ArraySlice<UInt8>)] = []
        var index = 0
        while index < blob.count {
            let start = index
            guard index + 2 < blob.count else { return nil }
            let offset = Int(blob[index]) | Int(blob[index + 1]) << 8
            index += 2
            let previous = entries.last?.offset ?? -1
            guard offset < ChangedMembersTable.stepsPerRow, offset > previous,
                  let length = readVarint(blob[...], at: &index), length <= blob.count - index else { return nil }
            entries.append((offset, start, blob[index..<(index + length)]))
            index += length
        }
        return entries
    }

    /// `stored` with every entry from `offset` on dropped: what a merge
    /// keeps before appending the entries of later steps. Nil when
    /// `stored` is misshapen.
    static func prefix(_ stored: [UInt8], before offset: Int) -> [UInt8]? {
        guard let entries = entries(stored) else { return nil }
        guard let first = entries.first(where: { $0.offset >= offset }) else { return stored }
        return Array(stored[..<first.start])
    }

    /// The operations of one entry on the child `child` (its tokens), or
    /// nil when they are misshapen: an unknown kind, a length past the end,
    /// a value that does not parse.
    static func operations(_ bytes: ArraySlice<UInt8>, child: [String]) -> [PatchOperation]? {
        var operations: [PatchOperation] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let kind = bytes[index]
            index += 1
            guard let belowLength = readVarint(bytes, at: &index), belowLength <= bytes.endIndex - index else { return nil }
            let below = bytes[index..<(index + belowLength)]
            index += belowLength
            guard below.isEmpty || below.first == UInt8(ascii: "/") else { return nil }
            let path = JSONPointer(tokens: tokens(of: below, after: child))
            if kind == remove {
                operations.append(.remove(path: path))
                continue
            }
            guard kind == add || kind == replace,
                  let valueLength = readVarint(bytes, at: &index), valueLength <= bytes.endIndex - index,
                  let value = try? JSONParser().parse(bytes[index..<(index + valueLength)]) else { return nil }
            index += valueLength
            operations.append(kind == add ? .add(path: path, value: value) : .replace(path: path, value: value))
        }
        return operations
    }

    /// `child` followed by the tokens of the pointer text `below` (`/a/b`;
    /// empty for none; it starts with its slash), in one array: a query
    /// decodes an entry a step.
    private static func tokens(of below: ArraySlice<UInt8>, after child: [String]) -> [String] {
        var tokens = child
        guard !below.isEmpty else { return tokens }
        tokens.reserveCapacity(child.count + 2)
        var start = below.startIndex + 1
        for index in start..<below.endIndex where below[index] == UInt8(ascii: "/") {
            tokens.append(String(decoding: below[start..<index], as: UTF8.self))
            start = index + 1
        }
        tokens.append(String(decoding: below[start...], as: UTF8.self))
        return tokens
    }

    private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(value)
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            bytes.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    private static func readVarint(_ bytes: ArraySlice<UInt8>, at index: inout Int) -> Int? {
        var value = 0
        var shift = 0
        while index < bytes.endIndex, shift < 63 {
            let byte = bytes[index]
            index += 1
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        return nil
    }
}
