import Foundation
import TestSupport
import Testing
import UDFSQLite

/// Values bound to a statement are stored exactly: a text is its UTF-8
/// bytes, every one of them, a NUL included.
@Suite struct StatementBindingTests {
    let scratch: ScratchDatabase
    var database: Database { scratch.database }

    init() throws {
        scratch = try ScratchDatabase(named: "binding.db", schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, value)")
    }

    /// Inserts `value`, then reads back its type, its length in bytes as
    /// SQLite counts them, and its text.
    private func roundTrip(_ value: any SQLiteBindable) throws -> (type: String, bytes: Int, text: String?) {
        try database.execute("DELETE FROM t")
        try database.prepare("INSERT INTO t (id, value) VALUES (1, ?)").execute([value])
        let row = try database.prepare("SELECT typeof(value), length(CAST(value AS BLOB)), value FROM t WHERE id = 1")
            .firstRow { ($0.text(0), $0.int(1), $0.optionalText(2)) }
        return try #require(row)
    }

    @Test func aTextKeepsEveryByteAroundAndAfterANul() throws {
        let texts = ["a\u{0}b", "\u{0}", "\u{0}\u{0}x", "tail\u{0}", "é\u{0}😀", String(repeating: "ab\u{0}", count: 10_000)]
        for text in texts {
            let stored = try roundTrip(text)
            let name = "\(text.utf8.count) bytes from \(String(text.prefix(8)).debugDescription)"
            #expect(stored.type == "text", "\(name)")
            #expect(stored.bytes == text.utf8.count, "\(name)")
            #expect(stored.text == text, "\(name)")
        }
    }

    @Test func theEmptyTextIsTextNotNull() throws {
        let stored = try roundTrip("")
        #expect(stored.type == "text")
        #expect(stored.bytes == 0)
        #expect(stored.text == "")
    }

    @Test func aTextFromASubstringOrABridgedStringIsItsBytes() throws {
        let sliced = String("xxa\u{0}byy".dropFirst(2).dropLast(2))
        #expect(try roundTrip(sliced).text == "a\u{0}b")
        let bridged = NSString(string: "c\u{0}d") as String
        #expect(try roundTrip(bridged).bytes == 3)
        let small = "ab"
        #expect(try roundTrip(small).text == "ab")
    }
}
