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
            var cell = column < row.count ? row[column] : ""
            // `visibleWidth`'s first rule, read from the bytes being copied anyway.
            let isPrintableASCII = cell.withUTF8 { utf8 in
                bytes.append(contentsOf: utf8)
                return String.isPrintableASCII(utf8)
            }
            let byteCount = bytes.count - (cellEnds.last ?? 0)
            let width = isPrintableASCII ? byteCount : cell.visibleWidth
            widths[column] = max(widths[column], width)
            if width != byteCount { otherWidths.append((cellEnds.count, width)) }
            cellEnds.append(bytes.count)
        }
    }

    /// Each line's UTF-8 bytes in order, the header line first unless
    /// `includeHeader` is false (then its cells set no width either), until
    /// `body` returns false. Lines are made in one buffer, straight from the
    /// cells' bytes.
    ///
    /// - Parameter headerStyle: Applied to each header cell, for example ``Colour/bold(_:)``.
    func forEachLine(includeHeader: Bool = true, headerStyle: (String) -> String = { $0 }, _ body: ([UInt8]) -> Bool) {
        var widths = widths
        if includeHeader {
            let header = renderer.columns.map(\.header)
            for (column, cell) in header.enumerated() {
                widths[column] = max(widths[column], cell.visibleWidth)
            }
            guard body(Array(renderer.line(header, widths: widths, style: headerStyle).utf8)) else { return }
        }
        let columns = widths.count
        var line: [UInt8] = []
        var row = 0
        var other = 0
        while row * columns < cellEnds.count {
            let first = row * columns
            line.removeAll(keepingCapacity: true)
            renderer.appendLine(
                to: &line, widths: widths, cellCount: columns,
                cell: { column in bytes[cellStart(first + column)..<cellEnds[first + column]] },
                cellWidth: { column in
                    let cell = first + column
                    while other < otherWidths.count, otherWidths[other].cell < cell { other += 1 }
                    if other < otherWidths.count, otherWidths[other].cell == cell { return otherWidths[other].width }
                    return cellEnds[cell] - cellStart(cell)
                }
            )
            guard body(line) else { return }
            row += 1
        }
    }

    private func cellStart(_ cell: Int) -> Int {
        cell == 0 ? 0 : cellEnds[cell - 1]
    }

    /// Every line, as `forEachLine` gives them, for short tables.
    func lines(includeHeader: Bool = true, headerStyle: (String) -> String = { $0 }) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(rowCount + 1)
        forEachLine(includeHeader: includeHeader, headerStyle: headerStyle) { line in
            lines.append(String(decoding: line, as: UTF8.self))
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
            if printsHeader || !isHeader { console.out(utf8: line) }
            isHeader = false
            return !console.isOutputClosed
        }
    }
}
