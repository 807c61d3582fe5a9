/// Renders rows as aligned columns with a header, separated by two spaces.
///
/// For example:
///
/// ```swift
/// let table = TableRenderer(columns: [
///     .init("STEP", alignment: .right),
///     .init("ACTION"),
/// ])
/// table.render([["1", "addTodo"], ["12", "toggle"]])
/// // STEP  ACTION
/// //    1  addTodo
/// //   12  toggle
/// ```
public struct TableRenderer: Sendable {
    /// Which side of its column a cell sticks to.
    public enum Alignment: Sendable, Equatable {
        case left
        case right
    }

    /// One column: its header and its alignment.
    public struct Column: Sendable, Equatable {
        public var header: String
        public var alignment: Alignment

        /// Creates a column; numbers read best right-aligned.
        public init(_ header: String, alignment: Alignment = .left) {
            self.header = header
            self.alignment = alignment
        }
    }

    /// The columns, in order.
    public var columns: [Column]
    /// Spaces between two columns.
    public var gap: Int = 2

    /// Creates a table with these columns.
    public init(columns: [Column]) {
        self.columns = columns
    }

    /// The header line followed by one line per row, without trailing spaces.
    ///
    /// A row shorter than the header is padded with empty cells. Cells may contain
    /// ANSI colour; widths count only visible characters.
    ///
    /// - Parameters:
    ///   - rows: The cells of each row.
    ///   - includeHeader: Whether to start with the header line.
    ///   - headerStyle: Applied to each header cell, for example ``Colour/bold(_:)``.
    public func render(
        _ rows: [[String]],
        includeHeader: Bool = true,
        headerStyle: (String) -> String = { $0 }
    ) -> [String] {
        // Cells past the last column get columns with no header.
        var renderer = self
        let extra = (rows.map(\.count).max() ?? 0) - columns.count
        if extra > 0 { renderer.columns += Array(repeating: Column(""), count: extra) }
        var table = PackedTable(renderer)
        for row in rows { table.append(row) }
        return table.lines(includeHeader: includeHeader, headerStyle: headerStyle)
    }

    /// One line of `cells` padded to `widths`; `PackedTable` and `StreamingTable` share it.
    /// `cellWidths` are the cells' visible widths, when already measured.
    func line(_ cells: [String], widths: [Int], style: (String) -> String, cellWidths: [Int]? = nil) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(widths.reduce(gap * cells.count, +) + 16)
        for (column, cell) in cells.enumerated() {
            let padding = widths[column] - (cellWidths?[column] ?? cell.visibleWidth)
            let alignment = column < columns.count ? columns[column].alignment : .left
            if column > 0 { bytes.appendSpaces(gap) }
            if alignment == .right { bytes.appendSpaces(padding) }
            bytes.append(contentsOf: style(cell).utf8)
            if alignment == .left { bytes.appendSpaces(padding) }
        }
        // Trailing spaces from left-aligned last cells would show up in diffs
        // and copies. In ASCII a space byte is a character of its own; past
        // ASCII a space may end a longer character (after a prepended
        // sign), so the characters decide there.
        guard bytes.last == UInt8(ascii: " ") else { return String(decoding: bytes, as: UTF8.self) }
        if bytes.allSatisfy({ $0 < 0x80 }) {
            while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
        var text = String(decoding: bytes, as: UTF8.self)
        while text.last == " " {
            text.removeLast()
        }
        return text
    }
}

private extension [UInt8] {
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
}
