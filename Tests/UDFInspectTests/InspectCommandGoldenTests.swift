import Foundation
import TestSupport
import Testing

/// The text of each read command on the demo recording, pinned as golden files
/// under fixtures/golden/. Re-record with RECORD_SNAPSHOTS=1 and review.
@Suite struct InspectCommandGoldenTests {
    static let cases: [(name: String, arguments: [String])] = [
        ("sessions", ["sessions"]),
        ("sessions-json", ["sessions", "--json"]),
        ("timelines", ["timelines"]),
        ("timelines-json", ["timelines", "--json"]),
        ("log", ["log"]),
        ("log-filtered", ["log", "--action", "*Todo*", "--from", "2", "--to", "11"]),
        ("log-last-json", ["log", "--last", "2", "--json"]),
        ("log-no-header", ["log", "--no-header", "--last", "3"]),
        ("show-11", ["show", "11"]),
        ("show-11-path", ["show", "11", "--path", ".todos[id=3]"]),
        ("show-7-json", ["show", "7", "--json"]),
        ("diff-11", ["diff", "11"]),
        ("diff-3-11-paths", ["diff", "3", "11", "--format", "paths"]),
        ("diff-11-patch", ["diff", "11", "--format", "patch"]),
        ("diff-11-json", ["diff", "11", "--json"]),
        ("diff-path", ["diff", "0", "13", "--path", ".login"]),
        ("verify", ["verify"]),
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
