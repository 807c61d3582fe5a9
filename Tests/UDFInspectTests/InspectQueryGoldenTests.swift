import Foundation
import TestSupport
import Testing

/// The text of `find`, `blame`, `why` and `stats` on the demo recording, pinned
/// as golden files under fixtures/golden/. Re-record with RECORD_SNAPSHOTS=1 and review.
@Suite struct InspectQueryGoldenTests {
    static let cases: [(name: String, arguments: [String])] = [
        ("find-becomes", ["find", "--where", "not (.todos[id=2] exists)", "--becomes"]),
        ("find-all-json", ["find", "--where", #".filter == "active""#, "--all", "--json"]),
        ("blame-todo-2", ["blame", ".todos[id=2]"]),
        ("blame-filter-json", ["blame", ".filter", "--json"]),
        ("why-7", ["why", "7"]),
        ("why-7-json", ["why", "7", "--json"]),
        ("stats", ["stats"]),
        ("stats-json", ["stats", "--json"]),
    ]

    @Test(arguments: cases.map(\.name))
    func golden(_ name: String) async throws {
        let arguments = try #require(Self.cases.first { $0.name == name }?.arguments)
        let result = await InspectorHarness.run([arguments[0], Fixtures.demo] + arguments.dropFirst())
        #expect(result.status == 0)
        #expect(result.stderr == "")
        assertSnapshot(result.stdout, named: "golden/\(name).txt")
    }
}
