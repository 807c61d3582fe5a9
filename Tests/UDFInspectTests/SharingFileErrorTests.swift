import Foundation
import TestSupport
import Testing

/// Export and import name what failed with the system's short reason, in one line.
@Suite struct SharingFileErrorTests {
    @Test func exportingIntoAMissingDirectorySaysSo() async {
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", "json", "-o", "/nonexistent-udf-dir/x.json"])
        #expect(result.status == 74)
        #expect(result.stderr == "Error: I/O error: cannot write '/nonexistent-udf-dir/x.json': no such file or directory\n")
    }

    @Test func importingAnEmptyStreamIsBadJSONNotAPermissionError() async throws {
        let directory = try TemporaryDirectory()
        let target = try directory.copy(Fixtures.demo, as: "target.udf")
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let result = await InspectorHarness.run(["import", target, "/dev/null"])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: '/dev/null' is not valid JSON: invalid JSON at line 1, column 1: unexpected end of input, expected a value\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
    }
}
