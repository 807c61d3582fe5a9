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
        let count = max(columns.count, rows.map(\.count).max() ?? 0)
        let header = (0..<count).map { $0 < columns.count ? columns[$0].header : "" }
        let cells = rows.map { row in
            (0..<count).map { $0 < row.count ? row[$0] : "" }
        }
        // Each cell is measured once, for the widths and for its padding.
        let headerWidths = header.map(\.visibleWidth)
        let cellWidths = cells.map { $0.map(\.visibleWidth) }
        var widths = includeHeader ? headerWidths : Array(repeating: 0, count: count)
        for row in cellWidths {
            for column in 0..<count { widths[column] = max(widths[column], row[column]) }
        }

        var lines: [String] = []
        lines.reserveCapacity(cells.count + 1)
        if includeHeader {
            lines.append(line(header, widths: widths, style: headerStyle, cellWidths: headerWidths))
        }
        for (row, rowWidths) in zip(cells, cellWidths) {
            lines.append(line(row, widths: widths, style: { $0 }, cellWidths: rowWidths))
        }
        return lines
    }

    /// One line of `cells` padded to `widths`; `StreamingTable` shares it.
    /// `cellWidths` are the cells' visible widths, when already measured.
    func line(_ cells: [String], widths: [Int], style: (String) -> String, cellWidths: [Int]? = nil) -> String {
        var text = ""
        text.reserveCapacity(widths.reduce(gap * cells.count, +) + 16)
        for (column, cell) in cells.enumerated() {
            let padding = widths[column] - (cellWidths?[column] ?? cell.visibleWidth)
            let alignment = column < columns.count ? columns[column].alignment : .left
            if column > 0 {
                text.appendSpaces(gap)
            }
            if alignment == .right { text.appendSpaces(padding) }
            text += style(cell)
            if alignment == .left { text.appendSpaces(padding) }
        }
        // Trailing spaces from left-aligned last cells would show up in diffs and copies.
        while text.last == " " {
            text.removeLast()
        }
        return text
    }
}

private extension String {
    mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        append(String(repeating: " ", count: count))
    }
}
