/// A tiny VT100 screen: enough of the escape sequences the stepper writes
/// (cursor position, erase line and screen, the alternate screen, SGR,
/// cursor visibility) to know what a person would see.
struct VirtualScreen {
    let columns: Int
    let rows: Int
    private(set) var grid: [[Character]]
    private(set) var cursor = (row: 0, column: 0)
    private(set) var isAlternate = false
    private(set) var isCursorVisible = true
    private var pending: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The visible rows, trailing spaces removed.
    var lines: [String] {
        grid.map { row in
            var text = String(row)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// Interprets `bytes`; an escape sequence or a character split across
    /// calls waits for the rest.
    mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let consumed = step(at: index) else { break }
            index += consumed
        }
        pending.removeFirst(index)
    }

    /// Interprets what starts at `index`; nil when it is incomplete.
    private mutating func step(at index: Int) -> Int? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            return escape(at: index)
        case 0x0D:
            cursor.column = 0
            return 1
        case 0x0A:
            cursor.row = min(cursor.row + 1, rows - 1)
            return 1
        case 0x00...0x1F:
            return 1
        default:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard index + length <= pending.count else { return nil }
            let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
            if let character = text.first { put(character) }
            return length
        }
    }

    private mutating func put(_ character: Character) {
        guard cursor.row < rows, cursor.column < columns else { return }
        grid[cursor.row][cursor.column] = character
        cursor.column += 1
    }

    private mutating func escape(at index: Int) -> Int? {
        guard index + 1 < pending.count else { return nil }
        guard pending[index + 1] == UInt8(ascii: "[") else { return 2 }
        var end = index + 2
        while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        control(parameters, final: Character(Unicode.Scalar(pending[end])))
        return end - index + 1
    }

    private mutating func control(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H", "f":
            let row = (numbers.first ?? nil) ?? 1
            let column = (numbers.count > 1 ? numbers[1] : nil) ?? 1
            cursor = (min(max(row, 1), rows) - 1, min(max(column, 1), columns) - 1)
        case "K":
            for column in cursor.column..<columns where cursor.row < rows { grid[cursor.row][column] = " " }
        case "J":
            clear()
        case "h", "l":
            let on = final == "h"
            if parameters == "?1049" {
                isAlternate = on
                clear()
            } else if parameters == "?25" {
                isCursorVisible = on
            }
        default:
            break
        }
    }

    private mutating func clear() {
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }
}
