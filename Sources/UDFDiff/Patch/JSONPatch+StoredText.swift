import UDFJSON

extension JSONPatch {
    /// Reads a patch from its text, as `JSONPatch(jsonValue: JSONParser(limits:
    /// limits).parse(text))` reads it: the same operations, and for bad text
    /// the same error. By default the values may nest as deep as a state.
    ///
    /// Text in the form the recorder stores, canonical JSON such as
    /// `[{"op":"replace","path":"/items/3/done","value":true}]`, with the
    /// members each operation needs in canonical order and pointers of
    /// plain printable ASCII, is read straight into operations: only the
    /// values go through `JSONParser`, with the depth the enclosing array and
    /// object use up taken off. At the first byte of any other form, or any
    /// error, the whole text is read the plain way instead, so the fast read
    /// never decides what the text means.
    public init(text: [UInt8], limits: JSONParser.Limits = .patchText) throws {
        let operations = text.withUnsafeBufferPointer { buffer in
            var reader = StoredPatchReader(buffer: buffer, limits: limits)
            return reader.operations()
        }
        if let operations {
            self.init(operations)
        } else {
            try self.init(jsonValue: try JSONParser(limits: limits).parse(text))
        }
    }
}

extension JSONPatch {
    /// The patch's canonical text, byte for byte `jsonValue.canonicalText`.
    public var canonicalText: String {
        String(decoding: canonicalBytes, as: UTF8.self)
    }

    /// The patch's canonical bytes, byte for byte `jsonValue.canonicalBytes`,
    /// written straight from the operations instead of through an object
    /// per operation: each operation's members in canonical (UTF-8 byte)
    /// order, `from`, `op`, `path`, `value`.
    public var canonicalBytes: [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, operation) in operations.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "{"))
            switch operation {
            case .move(let from, _), .copy(let from, _):
                bytes.append(contentsOf: #""from":"#.utf8)
                JSONWriter.appendString(from.description, to: &bytes)
                bytes.append(UInt8(ascii: ","))
            case .add, .remove, .replace, .test:
                break
            }
            bytes.append(contentsOf: #""op":"#.utf8)
            JSONWriter.appendString(operation.name, to: &bytes)
            bytes.append(contentsOf: #","path":"#.utf8)
            JSONWriter.appendString(operation.path.description, to: &bytes)
            switch operation {
            case .add(_, let value), .replace(_, let value), .test(_, let value):
                bytes.append(contentsOf: #","value":"#.utf8)
                JSONWriter.appendCanonical(value, to: &bytes)
            case .remove, .move, .copy:
                break
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }
}

/// Reads the recorder's canonical patch form, or gives up with nil.
private struct StoredPatchReader {
    let buffer: UnsafeBufferPointer<UInt8>
    let limits: JSONParser.Limits
    private var position = 0

    init(buffer: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits) {
        self.buffer = buffer
        self.limits = limits
    }

    mutating func operations() -> [PatchOperation]? {
        // The enclosing array and operation object use two levels.
        guard buffer.count <= limits.maxBytes, limits.maxDepth > 2, skip("[") else { return nil }
        var operations: [PatchOperation] = []
        if skip("]") { return position == buffer.count ? operations : nil }
        repeat {
            guard let operation = operation() else { return nil }
            operations.append(operation)
        } while skip(",")
        guard skip("]"), position == buffer.count else { return nil }
        return operations
    }

    /// `{"from":F,"op":O,"path":P}` for move and copy, `{"op":O,"path":P}`
    /// for remove, `{"op":O,"path":P,"value":V}` for the rest.
    private mutating func operation() -> PatchOperation? {
        guard skip("{") else { return nil }
        var from: JSONPointer?
        if skip("\"from\":") {
            guard let pointer = pointer() else { return nil }
            from = pointer
            guard skip(",") else { return nil }
        }
        guard skip("\"op\":\""), let name = name(), skip(",\"path\":"), let path = pointer() else { return nil }
        let operation: PatchOperation
        switch (name, from) {
        case ("move", let from?): operation = .move(from: from, path: path)
        case ("copy", let from?): operation = .copy(from: from, path: path)
        case ("remove", nil): operation = .remove(path: path)
        case ("add", nil), ("replace", nil), ("test", nil):
            guard skip(",\"value\":"), let value = value() else { return nil }
            switch name {
            case "add": operation = .add(path: path, value: value)
            case "replace": operation = .replace(path: path, value: value)
            default: operation = .test(path: path, value: value)
            }
        default:
            return nil
        }
        return skip("}") ? operation : nil
    }

    /// The operation's name up to its closing quote: plain lowercase letters.
    private mutating func name() -> String? {
        let start = position
        while position < buffer.count, buffer[position] >= UInt8(ascii: "a"), buffer[position] <= UInt8(ascii: "z") {
            position += 1
        }
        guard position > start, skip("\"") else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<(position - 1)]), as: UTF8.self)
    }

    /// A pointer literal of printable ASCII without escapes, whose bytes are
    /// then its text; `JSONPointer(parsing:)` reads it as the plain way does.
    private mutating func pointer() -> JSONPointer? {
        guard skip("\"") else { return nil }
        let start = position
        while position < buffer.count {
            let byte = buffer[position]
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            if byte == UInt8(ascii: "\"") { break }
            position += 1
        }
        guard position < buffer.count else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
        position += 1
        return try? JSONPointer(parsing: text)
    }

    private mutating func value() -> JSONValue? {
        var valueLimits = limits
        valueLimits.maxDepth -= 2
        guard let (value, end) = try? JSONParser(limits: valueLimits).parseValue(in: buffer, at: position) else { return nil }
        position = end
        return value
    }

    /// Steps over `literal` when the text continues with it.
    private mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard buffer.count - position >= count else { return false }
        for index in 0..<count where buffer[position + index] != literal.utf8Start[index] {
            return false
        }
        position += count
        return true
    }
}

extension JSONParser.Limits {
    /// A patch's text: its array and each operation's object hold values
    /// that may nest as deep as a state.
    public static let patchText = JSONParser.Limits.carryingStates(within: 2)
}
