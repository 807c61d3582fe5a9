/// The rows of a `TableRenderer` table, held as their bytes in one buffer
/// until the last row has set the column widths.
///
/// A table sees every row before it prints one, so that its columns line
/// up. Held as strings, one array of them a row and then one line each, the
/// million rows of `log` took 685 MB; here a row costs its bytes and one
/// offset a cell, and each line is made only as it is printed.
///
/// For example:
/// ```swift
/// var table = PackedTable(TableRenderer(columns: [.init("STEP", alignment: .right), .init("ACTION")]))
/// table.append(["1", "addTodo"])
/// table.append(["12", "toggle"])
/// table.forEachLine { line in console.out(line); return true }   // "STEP  ACTION", "   1  addTodo", "  12  toggle"
/// ```
struct PackedTable {
    let renderer: TableRenderer
    /// Every cell's UTF-8 bytes, row after row.
    private var bytes: [UInt8] = []
    /// Where each cell ends in `bytes`: one a column, row after row.
    private var cellEnds: [Int] = []
    /// The widest visible width of each column's cells so far.
    private var widths: [Int]
    /// Each cell is measured once, when appended. A cell as wide as its
    /// bytes (printable ASCII, most cells) needs no record; the others'
    /// widths are kept here, by cell, in order.
    private var otherWidths: [(cell: Int, width: Int)] = []

    init(_ renderer: TableRenderer) {
        self.renderer = renderer
        widths = Array(repeating: 0, count: renderer.columns.count)
    }

    var rowCount: Int {
        renderer.columns.isEmpty ? 0 : cellEnds.count / renderer.columns.count
    }

    /// Adds a row; missing cells are empty, and cells past the last column are left out.
    mutating func append(_ row: [String]) {
        for column in widths.indices {
            let cell = column < row.count ? row[column] : ""
            let width = cell.visibleWidth
            widths[column] = max(widths[column], width)
            if width != cell.utf8.count { otherWidths.append((cellEnds.count, width)) }
            bytes.append(contentsOf: cell.utf8)
            cellEnds.append(bytes.count)
        }
    }

    /// Each line in order, the header line first unless `includeHeader` is
    /// false (then its cells set no width either), until `body` returns false.
    ///
    /// - Parameter headerStyle: Applied to each header cell, for example ``Colour/bold(_:)``.
    func forEachLine(includeHeader: Bool = true, headerStyle: (String) -> String = { $0 }, _ body: (String) -> Bool) {
        var widths = widths
        if includeHeader {
            let header = renderer.columns.map(\.header)
            for (column, cell) in header.enumerated() {
                widths[column] = max(widths[column], cell.visibleWidth)
            }
            guard body(renderer.line(header, widths: widths, style: headerStyle)) else { return }
        }
        var cells: [String] = []
        var cellWidths: [Int] = []
        cells.reserveCapacity(widths.count)
        cellWidths.reserveCapacity(widths.count)
        var start = 0
        var end = 0
        var other = 0
        while end < cellEnds.count {
            cells.removeAll(keepingCapacity: true)
            cellWidths.removeAll(keepingCapacity: true)
            for _ in widths.indices {
                let cellEnd = cellEnds[end]
                cells.append(String(decoding: bytes[start..<cellEnd], as: UTF8.self))
                if other < otherWidths.count, otherWidths[other].cell == end {
                    cellWidths.append(otherWidths[other].width)
                    other += 1
                } else {
                    cellWidths.append(cellEnd - start)
                }
                start = cellEnd
                end += 1
            }
            guard body(renderer.line(cells, widths: widths, style: { $0 }, cellWidths: cellWidths)) else { return }
        }
    }

    /// Every line, as `forEachLine` gives them, for short tables.
    func lines(includeHeader: Bool = true, headerStyle: (String) -> String = { $0 }) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(rowCount + 1)
        forEachLine(includeHeader: includeHeader, headerStyle: headerStyle) { line in
            lines.append(line)
            return true
        }
        return lines
    }

    /// Prints the table to stdout, a line at a time, until stdout closes;
    /// nothing when it has no rows.
    ///
    /// - Parameter printsHeader: false leaves the header line out but not
    ///   its widths, as `log --no-header` does.
    func print(to console: Console, headerStyle: (String) -> String, printsHeader: Bool = true) {
        guard rowCount > 0 else { return }
        var isHeader = true
        forEachLine(headerStyle: headerStyle) { line in
            if printsHeader || !isHeader { console.out(line) }
            isHeader = false
            return !console.isOutputClosed
        }
    }
}
