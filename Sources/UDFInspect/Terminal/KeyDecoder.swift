/// Turns the bytes a raw terminal sends into key presses.
///
/// Escape sequences for the arrows, Home, End, PageUp and PageDown come in
/// both the `ESC [` and the `ESC O` forms. A lone ESC at the end of the bytes
/// read is the Escape key. Multi-byte UTF-8 characters may be split across
/// reads, so incomplete ones wait in ``pending``.
struct KeyDecoder {
    private(set) var pending: [UInt8] = []

    /// The keys in `bytes`, after any bytes left from the last call.
    mutating func decode(_ bytes: [UInt8]) -> [StepperKey] {
        let input = pending + bytes
        pending = []
        var keys: [StepperKey] = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                let (key, length) = Self.escape(input, at: index)
                keys.append(key)
                index += length
                continue
            case 0x0D, 0x0A:
                keys.append(.enter)
            case 0x7F, 0x08:
                keys.append(.backspace)
            case 0x03:
                keys.append(.interrupt)
            case 0x20...0x7E:
                keys.append(.character(Character(Unicode.Scalar(byte))))
            case 0xC0...0xF7:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= input.count else {
                    pending = Array(input[index...])
                    return keys
                }
                let text = String(decoding: input[index..<(index + length)], as: UTF8.self)
                if let character = text.first { keys.append(.character(character)) }
                index += length
                continue
            default:
                break
            }
            index += 1
        }
        return keys
    }

    private static func escape(_ input: [UInt8], at start: Int) -> (StepperKey, Int) {
        guard start + 2 < input.count,
              input[start + 1] == UInt8(ascii: "[") || input[start + 1] == UInt8(ascii: "O") else {
            return (.escape, 1)
        }
        let final = input[start + 2]
        switch final {
        case UInt8(ascii: "A"): return (.up, 3)
        case UInt8(ascii: "B"): return (.down, 3)
        case UInt8(ascii: "C"): return (.right, 3)
        case UInt8(ascii: "D"): return (.left, 3)
        case UInt8(ascii: "H"): return (.home, 3)
        case UInt8(ascii: "F"): return (.end, 3)
        default: break
        }
        // `ESC [ <digits> ~`: 1 or 7 Home, 4 or 8 End, 5 PageUp, 6 PageDown.
        var end = start + 2
        var number = 0
        while end < input.count, (0x30...0x39).contains(input[end]) {
            number = number * 10 + Int(input[end] - 0x30)
            end += 1
        }
        guard end < input.count, input[end] == UInt8(ascii: "~") else {
            return (.escape, 1)
        }
        let length = end - start + 1
        switch number {
        case 1, 7: return (.home, length)
        case 4, 8: return (.end, length)
        case 5: return (.pageUp, length)
        case 6: return (.pageDown, length)
        default: return (.escape, length)
        }
    }
}
