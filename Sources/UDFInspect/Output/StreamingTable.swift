/// A table printed a row at a time, as the rows arrive, for commands that
/// stream over many files and cannot wait for the last row to measure.
///
/// Each column starts as wide as its header and its `minimumWidth` (a UUID's
/// 36 characters, say), and widens when a wider cell arrives: rows stay
/// aligned unless a later row is wider than every earlier one, and no row
/// is held back. The last column, usually a path, is never padded.
///
/// For example:
/// ```swift
/// var table = StreamingTable([(.init("STEPS", alignment: .right), 7), (.init("FILE"), 0)])
/// console.out(table.header())   // "  STEPS  FILE"
/// console.out(table.row(["14", "a.udf"]))   // "     14  a.udf"
/// ```
struct StreamingTable {
    private let renderer: TableRenderer
    private var widths: [Int]

    init(_ columns: [(column: TableRenderer.Column, minimumWidth: Int)]) {
        renderer = TableRenderer(columns: columns.map(\.column))
        widths = columns.map { max($0.column.header.visibleWidth, $0.minimumWidth) }
    }

    func header(style: (String) -> String = { $0 }) -> String {
        renderer.line(renderer.columns.map(\.header), widths: widths, style: style)
    }

    mutating func row(_ cells: [String]) -> String {
        for (index, cell) in cells.enumerated() where index < widths.count {
            widths[index] = max(widths[index], cell.visibleWidth)
        }
        return renderer.line(cells, widths: widths, style: { $0 })
    }
}
