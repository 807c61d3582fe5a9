import Foundation

/// A strict JSON parser (RFC 8259) for untrusted input, working on UTF-8 bytes.
///
/// It never recurses: nesting is tracked on an explicit stack and capped by
/// `Limits.maxDepth`, so a file of 100,000 `[` fails cleanly instead of
/// overflowing the thread's stack.
///
/// It rejects what other parsers let through, because recordings are hashed
/// and compared and an ambiguous document has no single canonical form:
/// - duplicate object keys (`{"a":1,"a":2}`);
/// - invalid UTF-8, and `\u` escapes of lone surrogates;
/// - numbers that overflow a double (`1e400`), and `NaN` / `Infinity`;
/// - anything but whitespace after the value.
///
/// A leading UTF-8 byte order mark (`EF BB BF`) is skipped, as RFC 8259 §8.1
/// allows; byte offsets still count it, columns do not. Numbers keep their
/// literal text exactly (`12345678901234567890123` stays as written).
///
/// For example:
/// ```swift
/// let value = try JSONParser().parse(#"{"id": 3, "done": false}"#)
/// ```
public struct JSONParser: Sendable {
    /// Caps on the resources one document may use.
    public struct Limits: Sendable, Hashable {
        /// The deepest nesting of arrays and objects accepted; `[[1]]` has depth 2.
        public var maxDepth: Int
        /// The largest input accepted, in bytes.
        public var maxBytes: Int

        /// The nesting every reader accepts by default, and so the deepest
        /// the encoders write: a state recorded deeper could not be read back.
        public static let readableDepth = 512

        /// For text that carries states inside `levels` arrays and objects of
        /// its own (a patch's array and operation object, an exported
        /// document's steps): the states in it may still nest `readableDepth`.
        public static func carryingStates(within levels: Int, maxBytes: Int = 256 * 1024 * 1024) -> Limits {
            Limits(maxDepth: readableDepth + levels, maxBytes: maxBytes)
        }

        public init(maxDepth: Int = readableDepth, maxBytes: Int = 256 * 1024 * 1024) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }

        /// 512 levels and 256 MiB.
        public static let `default` = Limits()
    }

    public let limits: Limits
    /// Whether objects with the keys of the one before at their depth are
    /// read from it (see `ObjectShape`); off only for tests comparing the two.
    var reusesObjectShapes = true
    /// Whether long documents are parsed on two threads (see `splitBytes`);
    /// off only for tests comparing the two.
    var splitsLongArrays = true

    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Parses one JSON document from UTF-8 bytes.
    ///
    /// - Throws: `JSONParseError` with the offset, line and column of the problem.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try parse(bytes[...])
    }

    /// Parses one JSON document from a part of an array of UTF-8 bytes, as
    /// `parse` does the whole array, without copying the part out.
    public func parse(_ bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { parse(buffer: $0).result }.get()
    }

    /// `parse`, saying whether the two halves of a split were joined: for tests.
    func parseNotingSplit(_ bytes: [UInt8]) throws(JSONParseError) -> (value: JSONValue, joined: Bool) {
        let (result, joined) = bytes.withUnsafeBufferPointer { parse(buffer: $0) }
        return (try result.get(), joined)
    }

    /// Parses one JSON document from a string.
    ///
    /// - Throws: `JSONParseError` with the offset, line and column of the problem.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        if let result = text.utf8.withContiguousStorageIfAvailable({ parse(buffer: $0).result }) {
            return try result.get()
        }
        return try parse(Array(text.utf8))
    }

    /// Parses the one value that starts at `start` in `buffer` and returns
    /// it with the offset just past it, ignoring what follows: for readers of
    /// a known enclosing form, such as a stored JSON Patch. Whitespace
    /// before the value is skipped, as in a document; depth counts from it.
    ///
    /// - Throws: `JSONParseError`, with offsets into `buffer`.
    public func parseValue(in buffer: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONParseError) -> (value: JSONValue, end: Int) {
        var reader = JSONByteReader(buffer: buffer, limits: limits, tracksSpans: false, reusesShapes: reusesObjectShapes, start: start)
        let value = try reader.parseDocument()
        return (value, reader.offset)
    }

    /// Documents at least this long have their middle array's second half
    /// parsed on another thread (`ArraySplitPlan`, `ArrayTailParse`).
    static let splitBytes = 256 << 10

    private func parse(buffer: UnsafeBufferPointer<UInt8>) -> (result: Result<JSONValue, JSONParseError>, joined: Bool) {
        var reader = JSONByteReader(buffer: buffer, limits: limits, tracksSpans: false, reusesShapes: reusesObjectShapes)
        var tail: ArrayTailParse?
        if splitsLongArrays, buffer.count >= Self.splitBytes, buffer.count <= limits.maxBytes, let plan = ArraySplitPlan.choose(buffer) {
            let started = ArrayTailParse(buffer, plan: plan, limits: limits, reusesShapes: reusesObjectShapes, bomLength: reader.bomLength)
            reader.split = (plan, started)
            tail = started
        }
        // The other thread reads `buffer`: it must be done before the buffer can go.
        defer { tail?.wait() }
        do {
            let value = try reader.parseDocument()
            return (.success(value), tail != nil && reader.split == nil)
        } catch {
            return (.failure(error), false)
        }
    }

    /// Parses `bytes` and says whether they are canonical text: then the
    /// value's `canonicalBytes` are `bytes`, and a writer may copy them
    /// instead of writing the value again. The check is conservative (see
    /// `IncrementalCanonicalWriter.parse`): some canonical text says false.
    ///
    /// - Throws: `JSONParseError`, exactly as `parse` does.
    public func parseNotingCanonical(_ bytes: [UInt8]) throws(JSONParseError) -> (value: JSONValue, isCanonical: Bool) {
        let (value, spans) = try parseWithCanonicalSpans(bytes, minimumSpan: .max)
        return (value, spans != nil)
    }

    /// Parses `bytes` and, when they are canonical text, also returns where
    /// each array and object of at least `minimumSpan` bytes lies in them,
    /// by storage identity; nil spans for text that is not canonical.
    func parseWithCanonicalSpans(
        _ bytes: [UInt8], minimumSpan: Int
    ) throws(JSONParseError) -> (value: JSONValue, spans: [JSONStorageIdentity: Range<Int>]?) {
        let result = bytes.withUnsafeBufferPointer { parseWithSpans(buffer: $0, minimumSpan: minimumSpan) }
        let (value, spans) = try result.get()
        return (value, spans)
    }

    private func parseWithSpans(
        buffer: UnsafeBufferPointer<UInt8>, minimumSpan: Int
    ) -> Result<(JSONValue, [JSONStorageIdentity: Range<Int>]?), JSONParseError> {
        var reader = JSONByteReader(buffer: buffer, limits: limits, tracksSpans: true, reusesShapes: reusesObjectShapes)
        reader.minimumSpan = minimumSpan
        do {
            let value = try reader.parseDocument()
            return .success((value, reader.isCanonical ? reader.spans : nil))
        } catch {
            return .failure(error)
        }
    }
}

/// The parser's working state over one input buffer.
struct JSONByteReader {
    /// An array or object still open on the explicit stack.
    private struct Frame {
        var isObject: Bool
        var elements: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        var key: String = ""
        var keyOffset: Int = 0
        /// Where the container's opening bracket is.
        var start: Int = 0
        /// The raw bytes of the last key, for checking canonical key order.
        var keyBytes: Range<Int> = 0..<0
        /// While the object's keys so far are its depth's `ObjectShape`'s, in
        /// order: `members` started as that shape's dictionary, and the
        /// value read next goes to the shape's key `shapeKey`.
        var shape: ObjectShape?
        var shapeKey = 0
    }

    /// The keys of an object read at one depth, in text order, with the
    /// dictionary that held them: the next object there with the same keys
    /// in the same order starts from a copy of it and has each value set at
    /// its key's index, so its keys are neither made into strings nor hashed.
    ///
    /// Only keys of printable ASCII without `"` or `\\` qualify, so that
    /// their raw bytes in the text are exactly their value and a byte
    /// comparison is the whole check.
    private final class ObjectShape {
        let members: [String: JSONValue]
        let keys: [String]
        let indices: [Dictionary<String, JSONValue>.Index]
        /// The keys' bytes, one after another; key `i` ends at `ends[i]`.
        let bytes: [UInt8]
        let ends: [Int]
        /// Objects at this depth that began with these keys and then differed.
        var misses = 0

        /// Nil when `members` has too many keys or a key that does not qualify.
        init?(_ members: [String: JSONValue]) {
            guard (1...Self.maximumKeys).contains(members.count),
                  members.keys.allSatisfy({ key in key.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") } })
            else { return nil }
            // Canonical text sorts keys by their bytes, which for ASCII is `String` order.
            keys = members.keys.sorted()
            // Nulls hold no reference: each object copies this dictionary and
            // overwrites every value, so real values would be retained and
            // released once per object for nothing. The indices are found in
            // this template, so they hold in every copy of it.
            let template = members.mapValues { _ in JSONValue.null }
            var indices: [Dictionary<String, JSONValue>.Index] = []
            var bytes: [UInt8] = []
            var ends: [Int] = []
            for key in keys {
                guard let index = template.index(forKey: key) else { return nil }
                indices.append(index)
                bytes.append(contentsOf: key.utf8)
                ends.append(bytes.count)
            }
            self.members = template
            self.indices = indices
            self.bytes = bytes
            self.ends = ends
        }

        static let maximumKeys = 32
        /// Depths that keep a shape.
        static let maximumDepth = 32
        /// Misses before a depth's shape is replaced by the object read last.
        static let missesBeforeReplacing = 2
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private let limits: JSONParser.Limits
    let bomLength: Int
    private var position: Int
    /// Reused for strings with escapes, so each one does not allocate anew.
    private var scratch: [UInt8] = []
    /// Whether to check canonical form and record container spans.
    private let tracksSpans: Bool
    /// Whether the text read so far is canonical (see `JSONWriter`); only
    /// meaningful when `tracksSpans`. Conservative: an escape the canonical
    /// writer might also produce (`\u00xx`) still counts as not canonical.
    private(set) var isCanonical: Bool
    private(set) var spans: [JSONStorageIdentity: Range<Int>] = [:]
    var minimumSpan = 1
    /// The raw bytes of the last string read, and whether it had escapes.
    private var lastString: Range<Int> = 0..<0
    private var lastStringEscaped = false
    /// How many members the last finished object had: states are mostly
    /// arrays of objects of one shape, so the next object is sized to match
    /// instead of growing (and rehashing) as its members arrive.
    private var lastObjectCount = 0
    /// The same for arrays, capped: most small arrays of a state (tags,
    /// coordinates) have the length of the one before.
    private var lastArrayCount = 0
    /// At each depth, the shape of an object read there (see `ObjectShape`),
    /// and the members of a later one to take it from when another object
    /// opens there: a document with one object at a depth (an action, a
    /// patch's value) never pays for a shape.
    private var shapes: [(shape: ObjectShape?, next: [String: JSONValue]?)] = []
    private let reusesShapes: Bool
    /// The second half of a long array, parsed on another thread, taken
    /// when this reading arrives at the plan's comma.
    var split: (plan: ArraySplitPlan, tail: ArrayTailParse)? {
        didSet { splitComma = split?.plan.comma ?? -1 }
    }
    private var splitComma = -1

    /// Where a reader that stops after its value (`start` given) stopped.
    private let stopsAfterValue: Bool
    var offset: Int { position }

    /// - Parameter start: Where one value starts, to read it alone and stop
    ///   after it; nil to read `buffer` as a whole document.
    /// - Parameters:
    ///   - bomLength: The document's byte order mark, for error columns, when
    ///     `start` is inside it.
    init(
        buffer: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits, tracksSpans: Bool, reusesShapes: Bool,
        start: Int? = nil, bomLength: Int? = nil
    ) {
        self.buffer = buffer
        self.limits = limits
        self.tracksSpans = tracksSpans
        self.reusesShapes = reusesShapes
        let hasBOM = start == nil && buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
        self.bomLength = bomLength ?? (hasBOM ? 3 : 0)
        position = start ?? self.bomLength
        stopsAfterValue = start != nil
        isCanonical = tracksSpans && !hasBOM
    }

    /// Records where a finished container lies, while the text is canonical.
    private mutating func recordSpan(_ value: JSONValue, from start: Int) {
        guard isCanonical, position - start >= minimumSpan, let identity = value.storageIdentity else { return }
        spans[identity] = start..<position
    }

    /// Checks that the key just read sorts after the previous one, as
    /// canonical text requires; keys with escapes are not compared.
    private mutating func checkKeyOrder(after previous: Range<Int>) {
        guard isCanonical else { return }
        if lastStringEscaped {
            isCanonical = false
            return
        }
        let shared = min(previous.count, lastString.count)
        var order: Int32 = 0
        if shared > 0, let base = buffer.baseAddress {
            order = memcmp(base + previous.lowerBound, base + lastString.lowerBound, shared)
        }
        if order > 0 || (order == 0 && previous.count >= lastString.count) {
            isCanonical = false
        }
    }

    /// Reads the elements of an array opened at `arrayStart` from `start`
    /// (just after a comma) to its `]`, and where that ends.
    mutating func parseArrayTail(startedAt arrayStart: Int) throws(JSONParseError) -> (elements: [JSONValue], end: Int) {
        guard case .array(let elements) = try parseDocument(seed: Frame(isObject: false, start: arrayStart)) else {
            throw error(.unexpectedCharacter(buffer[max(0, position - 1)], expected: "']'"), at: position)
        }
        return (elements, position)
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        try parseDocument(seed: nil)
    }

    /// - Parameter seed: An array already open, whose close ends the reading.
    private mutating func parseDocument(seed: Frame?) throws(JSONParseError) -> JSONValue {
        guard buffer.count <= limits.maxBytes else {
            throw error(.tooLarge(byteCount: buffer.count, maxBytes: limits.maxBytes), at: 0)
        }
        var stack: [Frame] = seed.map { [$0] } ?? []
        parsing: while true {
            skipWhitespace()
            guard position < buffer.count else {
                throw error(.unexpectedEndOfInput(expected: "a value"), at: position)
            }
            var value: JSONValue
            switch buffer[position] {
            case UInt8(ascii: "{"):
                try checkDepth(stack.count)
                position += 1
                skipWhitespace()
                if position < buffer.count, buffer[position] == UInt8(ascii: "}") {
                    position += 1
                    value = .object([:])
                } else {
                    // Each frame is made in the call that appends it, so it is moved there, not copied.
                    let depth = stack.count
                    if let shape = shape(at: depth), readKey(0, of: shape) {
                        let keyOffset = lastString.lowerBound - 1
                        stack.append(Frame(
                            isObject: true, members: shape.members, keyOffset: keyOffset, start: keyOffset - 1, keyBytes: lastString, shape: shape
                        ))
                    } else {
                        let keyOffset = position
                        let key = try parseKey()
                        // `Dictionary(minimumCapacity:)` is inlined; `reserveCapacity` was an unspecialized call.
                        stack.append(Frame(
                            isObject: true, members: Dictionary(minimumCapacity: lastObjectCount), key: key,
                            keyOffset: keyOffset, start: keyOffset - 1, keyBytes: lastString
                        ))
                    }
                    if tracksSpans, lastStringEscaped { isCanonical = false }
                    continue parsing
                }
            case UInt8(ascii: "["):
                try checkDepth(stack.count)
                position += 1
                skipWhitespace()
                if position < buffer.count, buffer[position] == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    var elements: [JSONValue] = []
                    if lastArrayCount > 1 { elements.reserveCapacity(min(lastArrayCount, 16)) }
                    stack.append(Frame(isObject: false, elements: elements, start: position - 1))
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                throw error(.nonFiniteNumber, at: position)
            case let byte:
                throw error(.unexpectedCharacter(byte, expected: "a value"), at: position)
            }

            // Attach the finished value to its parent, closing every container it completes.
            while true {
                let top = stack.count - 1
                guard top >= 0 else {
                    if stopsAfterValue { return value }
                    skipWhitespace()
                    if position < buffer.count {
                        throw error(.trailingData(buffer[position]), at: position)
                    }
                    return value
                }
                if stack[top].isObject {
                    if let shape = stack[top].shape {
                        stack[top].members.values[shape.indices[stack[top].shapeKey]] = value
                    } else {
                        let key = stack[top].key
                        if stack[top].members.updateValue(value, forKey: key) != nil {
                            if let stored = stack[top].members.equivalentKey(to: key) {
                                throw error(.equivalentKeys(stored, key), at: stack[top].keyOffset)
                            }
                            throw error(.duplicateKey(key), at: stack[top].keyOffset)
                        }
                    }
                    skipWhitespace()
                    guard position < buffer.count else {
                        throw error(.unexpectedEndOfInput(expected: "',' or '}'"), at: position)
                    }
                    let byte = buffer[position]
                    if byte == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        stack[top].keyOffset = position
                        if let shape = stack[top].shape {
                            let next = stack[top].shapeKey + 1
                            if next < shape.keys.count, readKey(next, of: shape) {
                                stack[top].shapeKey = next
                            } else {
                                leaveShape(of: &stack[top])
                            }
                        }
                        if stack[top].shape == nil {
                            stack[top].key = try parseKey()
                        }
                        if tracksSpans {
                            checkKeyOrder(after: stack[top].keyBytes)
                            stack[top].keyBytes = lastString
                        }
                        continue parsing
                    } else if byte == UInt8(ascii: "}") {
                        position += 1
                        if let shape = stack[top].shape, stack[top].shapeKey + 1 < shape.keys.count {
                            leaveShape(of: &stack[top])
                        }
                        let frame = stack.removeLast()
                        lastObjectCount = frame.members.count
                        if frame.shape == nil { rememberShape(of: frame.members, at: top) }
                        value = .object(frame.members)
                        if tracksSpans { recordSpan(value, from: frame.start) }
                    } else {
                        throw error(.unexpectedCharacter(byte, expected: "',' or '}'"), at: position)
                    }
                } else {
                    stack[top].elements.append(value)
                    skipWhitespace()
                    guard position < buffer.count else {
                        throw error(.unexpectedEndOfInput(expected: "',' or ']'"), at: position)
                    }
                    var byte = buffer[position]
                    if byte == UInt8(ascii: ",") {
                        guard position == splitComma, let tail = takeTail(of: stack[top].start, at: top) else {
                            position += 1
                            continue parsing
                        }
                        // The other thread read from after this comma to the array's `]`.
                        let (elements, end, _) = tail
                        stack[top].elements.append(contentsOf: elements)
                        position = end - 1
                        byte = buffer[position]
                    }
                    if byte == UInt8(ascii: "]") {
                        position += 1
                        let frame = stack.removeLast()
                        lastArrayCount = frame.elements.count
                        value = .array(frame.elements)
                        if tracksSpans { recordSpan(value, from: frame.start) }
                    } else {
                        throw error(.unexpectedCharacter(byte, expected: "',' or ']'"), at: position)
                    }
                }
            }
        }
    }

    /// Reads `"key":` when the text at `position` spells the shape's key
    /// `index`; otherwise reads nothing and returns false.
    private mutating func readKey(_ index: Int, of shape: ObjectShape) -> Bool {
        let from = index == 0 ? 0 : shape.ends[index - 1]
        let count = shape.ends[index] - from
        let keyStart = position + 1
        guard keyStart + count < buffer.count, buffer[position] == UInt8(ascii: "\""),
              buffer[keyStart + count] == UInt8(ascii: "\""), let base = buffer.baseAddress
        else { return false }
        let same = shape.bytes.withUnsafeBufferPointer { key in
            guard let keyBase = key.baseAddress else { return count == 0 }
            return memcmp(base + keyStart, keyBase + from, count) == 0
        }
        guard same else { return false }
        let saved = position
        position = keyStart + count + 1
        skipWhitespace()
        guard position < buffer.count, buffer[position] == UInt8(ascii: ":") else {
            // Not a key after all: the plain read reports what it is.
            position = saved
            return false
        }
        position += 1
        lastString = keyStart..<(keyStart + count)
        lastStringEscaped = false
        return true
    }

    /// The object stops following its shape: its members so far go into a
    /// dictionary of their own, and the shape counts a miss.
    private func leaveShape(of frame: inout Frame) {
        guard let shape = frame.shape else { return }
        var members = [String: JSONValue](minimumCapacity: shape.keys.count + 1)
        for index in 0...frame.shapeKey {
            members[shape.keys[index]] = frame.members.values[shape.indices[index]]
        }
        frame.members = members
        frame.shape = nil
        shape.misses += 1
    }

    /// Keeps an object just read to take its depth's shape from, unless the
    /// depth has a shape that has not missed often.
    private mutating func rememberShape(of members: [String: JSONValue], at depth: Int) {
        guard reusesShapes, depth < ObjectShape.maximumDepth else { return }
        while shapes.count <= depth { shapes.append((nil, nil)) }
        if let shape = shapes[depth].shape, shape.misses < ObjectShape.missesBeforeReplacing { return }
        shapes[depth].next = members
    }

    /// The shape for an object opening at `depth`, made now from the object
    /// kept for it, if there is one.
    private mutating func shape(at depth: Int) -> ObjectShape? {
        guard depth < shapes.count else { return nil }
        if let members = shapes[depth].next {
            shapes[depth].next = nil
            shapes[depth].shape = ObjectShape(members)
        }
        return shapes[depth].shape
    }

    /// The split's tail, once this reading is at the plan's comma directly
    /// inside the array open at `arrayStart` (the plan's array, when the
    /// plan knows it), with `depth` containers around that array: nil when
    /// the other thread's reading failed or went deeper than the limit
    /// allows here, and this reading goes on the plain way, to the same
    /// value or the plain error. Its comma is then never met again.
    private mutating func takeTail(of arrayStart: Int, at depth: Int) -> ArrayTailParse.Parsed? {
        guard let split, split.plan.array.map({ $0 == .init(start: arrayStart, depth: depth) }) ?? true else { return nil }
        self.split = nil
        // The other thread counted its depth from the array, as if nothing enclosed it.
        guard case .success(let tail) = split.tail.wait(), depth + tail.deepest < limits.maxDepth else {
            return nil
        }
        return tail
    }

    /// The most containers ever open when another opened, for a reading
    /// whose depth around its start is known only later (`ArrayTailParse`).
    private(set) var deepest = 0

    private mutating func checkDepth(_ openContainers: Int) throws(JSONParseError) {
        if openContainers >= limits.maxDepth {
            throw error(.tooDeep(maxDepth: limits.maxDepth), at: position)
        }
        deepest = max(deepest, openContainers)
    }

    private mutating func skipWhitespace() {
        let begin = position
        while position < buffer.count, buffer[position].isJSONWhitespace { position += 1 }
        // Canonical text has no whitespace outside strings.
        if position != begin { isCanonical = false }
    }

    /// Parses `"key"` and the `:` after it; `position` is at the opening quote.
    private mutating func parseKey() throws(JSONParseError) -> String {
        guard position < buffer.count else {
            throw error(.unexpectedEndOfInput(expected: "a string key"), at: position)
        }
        guard buffer[position] == UInt8(ascii: "\"") else {
            throw error(.unexpectedCharacter(buffer[position], expected: "a string key"), at: position)
        }
        let key = try parseString()
        skipWhitespace()
        guard position < buffer.count else {
            throw error(.unexpectedEndOfInput(expected: "':'"), at: position)
        }
        guard buffer[position] == UInt8(ascii: ":") else {
            throw error(.unexpectedCharacter(buffer[position], expected: "':'"), at: position)
        }
        position += 1
        return key
    }

    private mutating func parseLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = position
        for index in 0..<literal.utf8CodeUnitCount {
            guard position < buffer.count else {
                throw error(.unexpectedEndOfInput(expected: "\(literal)"), at: position)
            }
            guard buffer[position] == literal.utf8Start[index] else {
                throw error(.invalidLiteral(expected: "\(literal)"), at: start)
            }
            position += 1
        }
    }

    /// Parses a string; `position` is at the opening quote.
    private mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        var runStart = position
        var usesScratch = false
        defer {
            lastString = start..<max(start, position - 1)
            lastStringEscaped = usesScratch
        }
        skipPlainASCII()
        while true {
            guard position < buffer.count else {
                throw error(.unexpectedEndOfInput(expected: "'\"'"), at: position)
            }
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                let string: String
                if usesScratch {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<position]))
                    string = String(decoding: scratch, as: UTF8.self)
                } else {
                    string = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
                }
                position += 1
                return string
            } else if byte == UInt8(ascii: "\\") {
                if !usesScratch {
                    usesScratch = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<position]))
                try parseEscape()
                runStart = position
                skipPlainASCII()
            } else if byte < 0x20 {
                throw error(.controlCharacterInString(byte), at: position)
            } else if byte < 0x80 {
                position += 1
            } else {
                try skipUTF8Sequence()
            }
        }
    }

    /// Steps over string bytes that need no look, eight at a time: printable
    /// ASCII other than `"` and `\\`. Stops before the first word holding
    /// anything else, which the byte loop then reads.
    @inline(__always)
    private mutating func skipPlainASCII() {
        guard let base = buffer.baseAddress else { return }
        while position + 8 <= buffer.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            guard ByteWord.holdsQuoteOrBackslash(word) | ByteWord.holdsControlOrNonASCII(word) == 0 else { return }
            position += 8
        }
    }

    /// Validates one multi-byte UTF-8 sequence (Unicode Table 3-7) and steps over it.
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = buffer[position]
        let continuationCount: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; high = 0x9F
        case 0xF0: continuationCount = 3; low = 0x90
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; high = 0x8F
        default: throw error(.invalidUTF8(lead), at: position)
        }
        for index in 1...continuationCount {
            let offset = position + index
            guard offset < buffer.count else {
                throw error(.unexpectedEndOfInput(expected: "'\"'"), at: offset)
            }
            let byte = buffer[offset]
            // Only the first continuation byte has a narrowed range.
            let (lower, upper) = index == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
            guard byte >= lower && byte <= upper else {
                throw error(.invalidUTF8(byte), at: offset)
            }
        }
        position += continuationCount + 1
    }

    /// Decodes one escape into `scratch`; `position` is at the backslash.
    private mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < buffer.count else {
            throw error(.unexpectedEndOfInput(expected: "an escape"), at: position)
        }
        let byte = buffer[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"):
            // The canonical writer leaves `/` unescaped.
            isCanonical = false
            scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            isCanonical = false
            let unit = try parseHex4()
            var scalarValue = UInt32(unit)
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard position + 1 < buffer.count,
                    buffer[position] == UInt8(ascii: "\\"),
                    buffer[position + 1] == UInt8(ascii: "u")
                else {
                    throw error(.loneSurrogate(unit), at: escapeStart)
                }
                position += 2
                let second = try parseHex4()
                guard second >= 0xDC00 && second <= 0xDFFF else {
                    throw error(.loneSurrogate(unit), at: escapeStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error(.loneSurrogate(unit), at: escapeStart)
            }
            appendUTF8(scalarValue)
        default:
            throw error(.invalidEscape(byte), at: escapeStart)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard position < buffer.count else {
                throw error(.unexpectedEndOfInput(expected: "a hex digit"), at: position)
            }
            let byte = buffer[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.unexpectedCharacter(byte, expected: "a hex digit"), at: position)
            }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = position
        if buffer[position] == UInt8(ascii: "-") {
            position += 1
            if position < buffer.count, buffer[position] == UInt8(ascii: "I") {
                throw error(.nonFiniteNumber, at: start)
            }
        }
        let integerStart = position
        if position < buffer.count, buffer[position] == UInt8(ascii: "0") {
            position += 1
            if position < buffer.count, isDigit(buffer[position]) {
                throw invalidNumber(from: start)
            }
        } else if position < buffer.count, isDigit(buffer[position]) {
            skipDigits()
        } else {
            throw invalidNumber(from: start)
        }
        let integerDigits = position - integerStart
        if position < buffer.count, buffer[position] == UInt8(ascii: ".") {
            position += 1
            guard position < buffer.count, isDigit(buffer[position]) else {
                throw invalidNumber(from: start)
            }
            skipDigits()
        }
        var hasExponent = false
        if position < buffer.count, buffer[position] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            position += 1
            if position < buffer.count, buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < buffer.count, isDigit(buffer[position]) else {
                throw invalidNumber(from: start)
            }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<position]), as: UTF8.self)
        // Without an exponent, 308 integer digits always fit in a double; only
        // longer literals or exponents need the (slower) conversion to check.
        if hasExponent || integerDigits > 308 {
            guard let double = Double(text), double.isFinite else {
                throw error(.numberOutOfRange(text), at: start)
            }
        }
        return JSONNumber(validatedText: text)
    }

    private func invalidNumber(from start: Int) -> JSONParseError {
        var end = position
        while end < buffer.count, end - start < 40 {
            let byte = buffer[end]
            guard isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
            else { break }
            end += 1
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<max(end, position)]), as: UTF8.self)
        return error(.invalidNumber(text), at: start)
    }

    private mutating func skipDigits() {
        while position < buffer.count, isDigit(buffer[position]) {
            position += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Builds an error, working out line and column only now that one is needed.
    private func error(_ kind: JSONParseError.Kind, at offset: Int) -> JSONParseError {
        let end = min(offset, buffer.count)
        var line = 1
        var column = 1
        var index = bomLength
        while index < end {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return JSONParseError(kind: kind, offset: offset, line: line, column: column)
    }
}
