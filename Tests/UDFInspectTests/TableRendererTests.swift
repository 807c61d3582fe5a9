import Testing
@testable import UDFInspect

@Suite struct TableRendererTests {
    let table = TableRenderer(columns: [
        .init("STEP", alignment: .right),
        .init("ACTION"),
        .init("MS", alignment: .right),
    ])

    @Test func alignsColumns() {
        let lines = table.render([
            ["1", "addTodo", "0.12"],
            ["12", "toggleTodo(id: 3)", "1.5"],
            ["123", "clear", "10.25"],
        ])
        #expect(lines == [
            "STEP  ACTION                MS",
            "   1  addTodo             0.12",
            "  12  toggleTodo(id: 3)    1.5",
            " 123  clear              10.25",
        ])
    }

    @Test func noTrailingSpacesAfterALeftAlignedLastColumn() {
        let table = TableRenderer(columns: [.init("ID", alignment: .right), .init("APP")])
        #expect(table.render([["1", "TodoExample"], ["2", ""]]) == [
            "ID  APP",
            " 1  TodoExample",
            " 2",
        ])
    }

    @Test func shortRowsAndExtraCells() {
        let table = TableRenderer(columns: [.init("A"), .init("B")])
        #expect(table.render([["x"], ["y", "z", "extra"]]) == [
            "A  B",
            "x",
            "y  z  extra",
        ])
    }

    @Test func withoutHeader() {
        #expect(table.render([["7", "reset", "3"]], includeHeader: false) == ["7  reset  3"])
    }

    @Test func colouredCellsAlignByVisibleWidth() {
        let colour = Colour(isEnabled: true)
        let lines = table.render(
            [["1", colour.red("fail"), "2"], ["10", "ok", "30"]],
            headerStyle: colour.bold
        )
        #expect(lines == [
            "\u{1B}[1mSTEP\u{1B}[0m  \u{1B}[1mACTION\u{1B}[0m  \u{1B}[1mMS\u{1B}[0m",
            "   1  \u{1B}[31mfail\u{1B}[0m     2",
            "  10  ok      30",
        ])
    }

    @Test func emptyTableIsJustTheHeader() {
        #expect(table.render([]) == ["STEP  ACTION  MS"])
    }

    /// The shortcuts (printable ASCII; no escape byte) measure what counting
    /// characters does, on every kind of text: escapes, CR LF (one character
    /// of two bytes), a tab, combining marks, normalization pairs, emoji,
    /// arrows, a mark or a prepended sign beside an escape, and long text.
    @Test func theShortcutsMeasureAsCountingCharacters() {
        let texts = [
            "", "addTodo", "toggleTodo(id: 3)", "~ !\"#}", "\u{1B}[31mred\u{1B}[0m", "a\r\nb", "a\tb", "\u{7F}x",
            "cafe\u{301}", "caf\u{E9}", "👩‍👩‍👧", "x\u{0}y", String(repeating: "0123456789", count: 10_000),
            "0.375 → 1.375", "\u{1B}\u{301}[31mx", "\u{600}\u{1B}[1mx", "\u{600} x", "🇫🇷🇩🇪 → e\u{301}",
            "\u{1B}[1m👩‍👩‍👧\u{1B}[0m → caf\u{E9}", String(repeating: "→é", count: 5_000),
        ]
        for text in texts {
            #expect(text.visibleWidth == text.widthCountingCharacters, "\(text.debugDescription.prefix(40))")
        }
        #expect("\u{1B}[31mred\u{1B}[0m".visibleWidth == 3)
        #expect("a\r\nb".visibleWidth == 3)
        #expect("cafe\u{301}".visibleWidth == 4)
    }

    /// Lines are built as bytes and trimmed by byte in ASCII; the plain
    /// path builds a `String` and trims trailing space characters. Both on
    /// cells that end in spaces, a prepended sign before a space (one
    /// character of two scalars), combining marks, CR LF, colour, and text
    /// past ASCII earlier in the line than its trailing spaces.
    @Test func bytesTrimTrailingSpacesAsCharactersDo() {
        let table = TableRenderer(columns: [.init("N", alignment: .right), .init("A"), .init("B")])
        let cells = ["", " ", "x ", "x  ", "\u{600} ", "\u{600}", "e\u{301} ", " \u{301}", "a\r\n", "\u{1B}[31m \u{1B}[0m", "ok", "👩‍👩‍👧 ",
            "0.375 → 1.375", "→ x ", "caf\u{E9}  ", "x\u{600} ", "\u{600}  x "]
        func plainLine(_ row: [String], widths: [Int]) -> String {
            var text = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.visibleWidth)
                if column > 0 { text += "  " }
                text += column == 0 ? padding + cell : cell + padding
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        for a in cells {
            for b in cells {
                let row = ["1", a, b]
                let widths = [1, max(a.visibleWidth, 3), max(b.visibleWidth, 2)]
                #expect(Array(table.line(row, widths: widths, style: { $0 }).utf8) == Array(plainLine(row, widths: widths).utf8), "\(row)")
            }
        }
        #expect(table.line(["1", "\u{600} ", ""], widths: [1, 2, 0], style: { $0 }) == "1  \u{600} ")
    }
}
