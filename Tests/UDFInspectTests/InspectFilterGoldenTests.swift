import Foundation
import TestSupport
import Testing
import UDFLog

/// `log` and `find` filters on the demo recording: shell globs, repeated and
/// excluded actions, `--grep`, times of day, relative times, `--local-time`,
/// `length()` and the `.count` hint. Each case pins stdout, stderr and the exit
/// status in fixtures/golden/filters/. Re-record with RECORD_SNAPSHOTS=1 and review.
@Suite struct InspectFilterGoldenTests {
    static let cases: [(name: String, arguments: [String])] = [
        ("log-not-a", ["log", "--action", "[!a]*"]),
        ("log-caret-class", ["log", "--action", "[^as]*", "--action", "?et*"]),
        ("log-escaped-star", ["log", "--action", #"add\*"#]),
        ("log-any-of", ["log", "--action", "toggle*", "--action", "delete*"]),
        ("log-exclude", ["log", "--exclude-action", "set*", "--exclude-action", "*Changed"]),
        ("log-include-exclude", ["log", "--action", "*Todo*", "--exclude-action", "add*"]),
        ("log-grep", ["log", "--grep", #""Buy milk""#]),
        ("log-grep-ignore-case", ["log", "--grep", "(?i)MOM|RENT"]),
        ("log-grep-json", ["log", "--grep", "offsets", "--json"]),
        ("log-time-of-day", ["log", "--since", "03:17:45.259", "--until", "03:17:45.259"]),
        ("log-time-of-day-seconds", ["log", "--until", "03:17:45", "--last", "2"]),
        ("log-iso", ["log", "--since", "2026-11-30T03:17:45.260Z", "--first", "2"]),
        ("log-relative", ["log", "--since", "100000d", "--until", "1s ago", "--last", "1"]),
        ("log-relative-none", ["log", "--until", "100000d ago"]),
        ("log-bad-time", ["log", "--since", "yesterday"]),
        ("log-bad-grep", ["log", "--grep", "(unclosed"]),
        ("log-local-time", ["log", "--local-time", "--last", "2", "--since", "08:47:45.260"]),
        ("why-local-time", ["why", "7", "--local-time"]),
        ("find-exclude", ["find", "--where", #".filter == "active""#, "--all", "--exclude-action", "setFilter"]),
        ("find-length", ["find", "--where", "length(.todos) > 3", "--all"]),
        ("find-length-filtered", ["find", "--where", "length(.todos) >= 3", "--all", "--action", "[!a]*", "--grep", "id", "--since", "03:17:45.260"]),
        ("find-count-hint", ["find", "--where", ".todos.count > 2"]),
        ("find-count-hint-early-stop", ["find", "--where", #".todos.count > 2 or .filter == "active""#]),
        ("find-length-syntax", ["find", "--where", "length .todos > 2"]),
    ]

    @Test(arguments: cases.map(\.name))
    func golden(_ name: String) async throws {
        let arguments = try #require(Self.cases.first { $0.name == name }?.arguments)
        // Kolkata is UTC+05:30 all year: --local-time prints and reads 08:47 for 03:17 UTC.
        let result = await InspectorHarness.run([arguments[0], Fixtures.demo] + arguments.dropFirst(), environment: ["TZ": "Asia/Kolkata"])
        assertSnapshot(Self.transcript(result), named: "golden/filters/\(name).txt")
    }

    @Test func manyFilesTakeTheSameFilters() async throws {
        let directory = try TemporaryDirectory()
        let copy = try directory.copy(Fixtures.demo, as: "copy.udf")
        let result = await InspectorHarness.run([
            "find", Fixtures.demo, copy, "--where", "length(.todos) == 3", "--exclude-action", "add*", "--grep", "4",
        ])
        let demo = Fixtures.demo
        #expect(result.stderr == "")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The find line, the column names, a row per file, the count.
        #expect(lines.count == 5)
        let rows = lines.dropFirst(2).dropLast()
        #expect(Set(rows.map { $0.split(separator: " ").last.map(String.init) ?? "" }) == [demo, copy])
        #expect(rows.allSatisfy { $0.contains("  main@12   toggleTodo  ") })
        #expect(lines.last == "2 of 2 sessions match.")
    }

    /// The exit status, stdout and stderr, as one golden text.
    static func transcript(_ result: InspectorHarness.Result) -> String {
        "exit \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)"
    }
}

/// Shell-glob rules, matched in Swift rather than by SQLite's GLOB.
@Suite struct ShellGlobTests {
    @Test(arguments: [
        ("[!a]*", "addTodo", false), ("[!a]*", "toggleTodo", true), ("[^a]*", "addTodo", false),
        ("*Todo", "addTodo", true), ("*Todo", "addTodos", false), ("add?odo", "addTodo", true),
        ("[a-c]*", "bTodo", true), ("[a-c]*", "dTodo", false), ("[]]x", "]x", true), ("[!]]x", "]x", false),
        (#"a\*"#, "a*", true), (#"a\*"#, "ab", false), ("[abc", "[abc", true), ("[abc", "a", false),
        ("*", "", true), ("", "", true), ("?", "", false), ("a*b*c", "aXbYbZc", true), ("a*b*c", "aXbYbZ", false),
        ("*[!e]", "setFilter", true), ("*[!r]", "setFilter", false),
    ])
    func matches(_ pattern: String, _ name: String, _ expected: Bool) {
        #expect(ShellGlob(pattern).matches(name) == expected, "\(pattern) against \(name)")
    }
}
