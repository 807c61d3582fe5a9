/// Where a long document can be parsed in two halves: at a comma between
/// two elements of an array, past the document's middle.
///
/// A plan only: the bytes are scanned for brackets and strings as valid
/// JSON would have them, without checking anything. The parser follows it
/// only when its own reading arrives at that comma directly inside an array
/// (the array that opens at `array.start`, when the plan knows it), and the
/// other half's reading stayed within the depth limit there; the halves then
/// meet in the state the plain reading would be in (see `JSONByteReader`).
struct ArraySplitPlan: Sendable, Equatable {
    /// Where the comma is; the second half starts after it.
    let comma: Int
    /// Where the array's `[` is, and how many arrays and objects enclose
    /// it; nil for a plan guessed from the bytes near the middle alone.
    let array: KnownArray?

    struct KnownArray: Sendable, Equatable {
        let start: Int
        let depth: Int
    }

    /// The plan to try: a guess near the middle when the bytes there look
    /// like a list of containers, else the plan read from the start.
    static func choose(_ buffer: UnsafeBufferPointer<UInt8>) -> ArraySplitPlan? {
        guessed(buffer) ?? ArraySplitPlan(buffer)
    }

    /// A comma between two elements that are arrays or objects (`},{`,
    /// `],[`, `},[` or `],{`: no object member follows such a comma), found
    /// from the middle without reading what comes before it. Reading the
    /// document up to its middle, as `init` does, takes a tenth of the whole
    /// parse, and the second thread waits for it.
    ///
    /// Of the candidates in a window after the first, the one fewest
    /// brackets deep: in a list of objects holding lists of objects, the
    /// outer list. No guess when the window holds no candidate, or when the
    /// chosen one's array closes inside the window: its second half would
    /// be too short to be worth a thread.
    ///
    /// The window is read as if its first candidate were outside any
    /// string. Text that makes this wrong (a string holding `},{` at the
    /// middle) is only split where the parse cannot use it, and is then
    /// read the plain way.
    static func guessed(_ buffer: UnsafeBufferPointer<UInt8>) -> ArraySplitPlan? {
        let window = min(guessWindow, buffer.count / 8)
        guard let first = firstSeparator(from: buffer.count / 2, before: buffer.count / 2 + window, in: buffer) else { return nil }
        var best = (comma: first, depth: 0)
        var shallowest = 0
        _ = walkBrackets(from: first + 1, before: min(buffer.count - 1, first + window), in: buffer) { index, depth in
            if buffer[index] != UInt8(ascii: ",") {
                shallowest = min(shallowest, depth)
            } else if depth < best.depth, separatesContainers(at: index, in: buffer) {
                best = (index, depth)
            }
            return true
        }
        guard shallowest >= best.depth else { return nil }
        return ArraySplitPlan(comma: best.comma, array: nil)
    }

    /// How far a guess looks for its first candidate, and then past it for
    /// one less deep.
    static let guessWindow = 64 << 10

    /// The first comma at or after `start` and before `end` that
    /// `separatesContainers`: found from the `]` or `}` before it, eight
    /// bytes at a time, since a list of strings or numbers has few.
    private static func firstSeparator(from start: Int, before end: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = buffer.baseAddress else { return nil }
        let end = min(end, buffer.count - 1)
        var index = max(start - 1, 0)
        while index < end {
            if index + 8 <= end {
                // Bit 5 set folds `]` onto `}`, as in `separatesContainers`.
                let found = ByteWord.holds(UInt8(ascii: "}"), in: ByteWord.load(base + index) | (ByteWord.ones &* 0x20))
                guard found != 0 else {
                    index += 8
                    continue
                }
                index += ByteWord.firstByte(found)
            }
            if index + 1 >= start, separatesContainers(at: index + 1, in: buffer) { return index + 1 }
            index += 1
        }
        return nil
    }

    private static func separatesContainers(at index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index > 0, index + 1 < buffer.count, buffer[index] == UInt8(ascii: ",") else { return false }
        let before = buffer[index - 1] | 0x20
        let after = buffer[index + 1] | 0x20
        // Bit 5 set folds `]` onto `}` and `[` onto `{`, and no other byte onto either.
        return before == UInt8(ascii: "}") && after == UInt8(ascii: "{")
    }

    private init(comma: Int, array: KnownArray?) {
        self.comma = comma
        self.array = array
    }

    /// The plan read from the start: the outermost array open at the middle,
    /// split at its first comma after the middle.
    /// Nil when no array is open at the middle, or it closes before another comma.
    init?(_ buffer: UnsafeBufferPointer<UInt8>) {
        let middle = buffer.count / 2
        var open: [(isArray: Bool, start: Int)] = []
        var index = 0
        while index < middle {
            // Eight bytes at a time to the next quote or bracket, past
            // numbers, separators and literals.
            if let base = buffer.baseAddress, index + 8 <= middle {
                let found = ByteWord.holdsStructural(ByteWord.load(base + index))
                guard found != 0 else {
                    index += 8
                    continue
                }
                index += ByteWord.firstByte(found)
            }
            switch buffer[index] {
            case UInt8(ascii: "\""):
                index = Self.end(ofStringAt: index, in: buffer)
                continue
            case UInt8(ascii: "["): open.append((true, index))
            case UInt8(ascii: "{"): open.append((false, index))
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard !open.isEmpty else { return nil }
                open.removeLast()
            default: break
            }
            index += 1
        }
        guard let level = open.firstIndex(where: \.isArray) else { return nil }
        // Stops at the array's first comma from here, or where it closes.
        let enclosing = open.count
        guard let stop = Self.walkBrackets(from: index, before: buffer.count, in: buffer, visit: { index, depth in
            buffer[index] == UInt8(ascii: ",") ? enclosing + depth != level + 1 : enclosing + depth > level
        }), buffer[stop] == UInt8(ascii: ",") else { return nil }
        array = KnownArray(start: open[level].start, depth: level)
        comma = stop
    }

    /// Steps through `buffer` from `start` to before `limit`, over strings,
    /// counting brackets: `depth` is how many more have opened than closed
    /// since `start`. Calls `visit` at each comma, and at each closing
    /// bracket once it is counted, until `visit` says false; returns where
    /// that was, or nil at `limit`.
    private static func walkBrackets(
        from start: Int, before limit: Int, in buffer: UnsafeBufferPointer<UInt8>, visit: (_ index: Int, _ depth: Int) -> Bool
    ) -> Int? {
        var index = start
        var depth = 0
        while index < limit {
            switch buffer[index] {
            case UInt8(ascii: "\""):
                index = end(ofStringAt: index, in: buffer)
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if !visit(index, depth) { return index }
            case UInt8(ascii: ","):
                if !visit(index, depth) { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Just past the string whose opening quote is at `start`: a backslash
    /// hides the byte after it. Eight bytes at a time to the first quote or
    /// backslash.
    private static func end(ofStringAt start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var index = start + 1
        if let base = buffer.baseAddress {
            while index + 8 <= buffer.count {
                let found = ByteWord.holdsQuoteOrBackslash(ByteWord.load(base + index))
                guard found == 0 else {
                    index += ByteWord.firstByte(found)
                    break
                }
                index += 8
            }
        }
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        return buffer.count
    }
}
