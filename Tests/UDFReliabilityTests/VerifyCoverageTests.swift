import Foundation
import TestSupport
import Testing
import UDFLog
import UDFSQLite

/// What `verify` can see, byte by byte: a recording with one byte changed
/// is either refused, or reads as before, or differs only in columns that
/// nothing in the file checks (docs/reliability.md, "What `verify` cannot
/// see"). Before the schema check, a byte changed in a `CREATE TABLE`
/// passed; this sweep is what found it.
@Suite struct VerifyCoverageTests {
    /// No hash covers these and no index holds them, so SQLite's check
    /// cannot compare them with anything.
    static let unchecked: Set<String> = [
        "steps.time", "steps.action", "steps.duration_ns", "steps.state_size", "timelines.created_at", "sessions",
    ]

    /// Every 17th byte of a committed recording (fixed bytes, so the same
    /// places every run), each changed alone.
    @Test(arguments: ["todo-demo-v3.udf"])
    func everyChangedByteIsRefusedOrLandsWhereNothingChecks(_ name: String) throws {
        let fixture = Fixtures.path(name)
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture)))
        let expected = try Self.contents(of: fixture)
        let directory = try TemporaryDirectory()
        let path = directory.path("changed.udf")
        var (refused, unchanged, unchecked) = (0, 0, 0)
        for offset in stride(from: 0, to: original.count, by: 17) {
            var bytes = original
            bytes[offset] = bytes[offset] == 0x5A ? 0x5B : 0x5A
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            guard (try? Recording(path: path).verify().isOK) == true else {
                refused += 1
                continue
            }
            // Called sound, so every row must read.
            let found = try Self.contents(of: path)
            let changed = Self.changedColumns(from: expected, to: found)
            #expect(changed.isSubset(of: Self.unchecked), "offset \(offset): \(changed.sorted())")
            if changed.isEmpty { unchanged += 1 } else { unchecked += 1 }
        }
        // The sweep reaches all three outcomes, or it proves nothing.
        #expect(refused > 100)
        #expect(unchanged > 100)
        #expect(unchecked > 0)
    }

    /// Each table's rows, and the schema's, by row id, each row's columns by name, each value
    /// as SQLite quotes it (its type shows).
    private static func contents(of path: String) throws -> [String: [Int: [String: String]]] {
        let database = try Database(path: path, mode: .readOnly)
        defer { database.close() }
        // The schema's own rows too: its text is what SQLite's check skips.
        let tables = try database.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").rows { $0.text(0) } + ["sqlite_schema"]
        var contents: [String: [Int: [String: String]]] = [:]
        for table in tables {
            let columns = try database.prepare("SELECT name FROM pragma_table_info(?)").rows([table]) { $0.text(0) }
            let quoted = columns.map { "quote(\"\($0)\")" }.joined(separator: ", ")
            var rows: [Int: [String: String]] = [:]
            try database.prepare("SELECT rowid, \(quoted) FROM \"\(table)\"").forEachRow { row in
                rows[row.int(0)] = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, row.text($0 + 1)) })
            }
            contents[table] = rows
        }
        return contents
    }

    /// `table.column` for each value that differs; `table` alone for a row
    /// or a table that one side lacks, and for any change in `sessions`,
    /// whose columns are all unchecked.
    private static func changedColumns(from old: [String: [Int: [String: String]]], to new: [String: [Int: [String: String]]]) -> Set<String> {
        var changed: Set<String> = []
        for table in Set(old.keys).union(new.keys) {
            guard let before = old[table], let after = new[table] else {
                changed.insert(table)
                continue
            }
            for id in Set(before.keys).union(after.keys) {
                guard let rowBefore = before[id], let rowAfter = after[id] else {
                    changed.insert(table)
                    continue
                }
                for (column, value) in rowBefore where rowAfter[column] != value {
                    changed.insert(table == "sessions" ? table : "\(table).\(column)")
                }
            }
        }
        return changed
    }
}
