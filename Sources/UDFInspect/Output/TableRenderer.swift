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

    /// One line of `cells` padded to `widths`; `StreamingTable` and headers use it.
    func line(_ cells: [String], widths: [Int], style: (String) -> String) -> String {
        let styled = cells.map { Array(style($0).utf8)[...] }
        var bytes: [UInt8] = []
        appendLine(
            to: &bytes, widths: widths, cellCount: cells.count,
            cell: { styled[$0] }, cellWidth: { cells[$0].visibleWidth }
        )
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends one line of `cellCount` cells, padded to `widths`, to `line`:
    /// `cell` gives a cell's bytes and `cellWidth` its visible width. A
    /// long table's lines are made here straight from its bytes, with no
    /// string a cell or a line.
    func appendLine(
        to line: inout [UInt8], widths: [Int], cellCount: Int,
        cell: (Int) -> ArraySlice<UInt8>, cellWidth: (Int) -> Int
    ) {
        let start = line.count
        for column in 0..<cellCount {
            let padding = widths[column] - cellWidth(column)
            let alignment = column < columns.count ? columns[column].alignment : .left
            if column > 0 { line.appendSpaces(gap) }
            if alignment == .right { line.appendSpaces(padding) }
            line.append(contentsOf: cell(column))
            if alignment == .left { line.appendSpaces(padding) }
        }
        // Trailing spaces from left-aligned last cells would show up in diffs
        // and copies. After an ASCII byte each space is a character of its
        // own; after a longer character it may end it (a prepended sign
        // takes the space after it), so the characters decide there.
        guard line.last == UInt8(ascii: " ") else { return }
        var kept = line.count
        while kept > start, line[kept - 1] == UInt8(ascii: " ") { kept -= 1 }
        if kept == start || line[kept - 1] < 0x80 {
            line.removeSubrange(kept...)
            return
        }
        var text = String(decoding: line[start...], as: UTF8.self)
        while text.last == " " {
            text.removeLast()
        }
        line.replaceSubrange(start..., with: text.utf8)
    }
}

private extension [UInt8] {
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
}
