import Testing
@testable import UDFInspect

@Suite struct PackedTableTests {
    let renderer = TableRenderer(columns: [.init("STEP", alignment: .right), .init("ACTION"), .init("CAUSE")])

    /// Cells whose bytes a careless round trip would change or misplace:
    /// both normalizations of one letter (equal as `String`s, not as
    /// bytes), CR LF, a NUL, emoji, colour, empty and long cells.
    static let cells = [
        "cafe\u{301}", "caf\u{E9}", "a\r\nb", "x\u{0}y", "👩‍👩‍👧", "\u{1B}[31mred\u{1B}[0m", "",
        "🇫🇷🇩🇪 → e\u{301}", String(repeating: "→é", count: 500), "-0.0", "bump(index: 3)",
    ]

    /// The plain path: every cell kept as its string, widths measured over
    /// them all, each line made by the same `line`.
    func plainLines(_ rows: [[String]], includeHeader: Bool) -> [String] {
        let header = renderer.columns.map(\.header)
        var widths = includeHeader ? header.map(\.visibleWidth) : [0, 0, 0]
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.visibleWidth) }
        }
        let lines = rows.map { renderer.line($0, widths: widths, style: { $0 }) }
        return includeHeader ? [renderer.line(header, widths: widths, style: { $0 })] + lines : lines
    }

    @Test(arguments: [true, false])
    func printsTheSameBytesAsTheCellsKeptAsStrings(includeHeader: Bool) {
        var random = SystemRandomNumberGenerator()
        let rows = (0..<2_000).map { step in
            ["\(step)", Self.cells.randomElement(using: &random)!, Self.cells.randomElement(using: &random)!]
        }
        var table = PackedTable(renderer)
        for row in rows { table.append(row) }
        let lines = table.lines(includeHeader: includeHeader)
        #expect(table.rowCount == rows.count)
        // By bytes: `String`'s `==` would take the two normalizations as equal.
        #expect(lines.map { Array($0.utf8) } == plainLines(rows, includeHeader: includeHeader).map { Array($0.utf8) })
    }

    @Test func missingCellsAreEmptyAndCellsPastTheLastColumnAreLeftOut() {
        var table = PackedTable(renderer)
        table.append(["7"])
        table.append(["12", "toggle", "← 7", "extra"])
        #expect(table.rowCount == 2)
        #expect(table.lines() == [
            "STEP  ACTION  CAUSE",
            "   7",
            "  12  toggle  ← 7",
        ])
    }

    @Test func stopsWhenTheReaderDoes() {
        var table = PackedTable(renderer)
        for step in 0..<100 { table.append(["\(step)", "tick", ""]) }
        var lines: [String] = []
        table.forEachLine { line in
            lines.append(String(decoding: line, as: UTF8.self))
            return lines.count < 3
        }
        #expect(lines == ["STEP  ACTION  CAUSE", "   0  tick", "   1  tick"])
    }

    @Test func anEmptyTableHasItsHeaderAlone() {
        #expect(PackedTable(renderer).lines() == ["STEP  ACTION  CAUSE"])
        #expect(PackedTable(renderer).rowCount == 0)
        #expect(PackedTable(TableRenderer(columns: [])).rowCount == 0)
    }
}
