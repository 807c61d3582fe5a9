/// Where a long document can be parsed in two halves: at a comma between
/// two elements of the outermost array open at the document's middle.
///
/// A plan only: the bytes are scanned for brackets and strings as valid
/// JSON would have them, without checking anything. The parser follows it
/// only when its own reading arrives at that comma, directly inside the
/// array that opens at `arrayStart`, at `depth`; the halves then meet in the
/// state the plain reading would be in (see `JSONByteReader`).
struct ArraySplitPlan: Sendable, Equatable {
    /// Where the array's `[` is.
    let arrayStart: Int
    /// How many arrays and objects enclose the array.
    let depth: Int
    /// Where the comma is; the second half starts after it.
    let comma: Int

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
        var depth = open.count
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: "\""):
                index = Self.end(ofStringAt: index, in: buffer)
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                guard depth > level else { return nil }
            case UInt8(ascii: ",") where depth == level + 1:
                arrayStart = open[level].start
                self.depth = level
                comma = index
                return
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
