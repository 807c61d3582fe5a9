import Foundation
import TestSupport
import Testing
import UDFJSON

/// `find` on the demo recording, whose planted bug removes todo 2 at step 11.
@Suite struct InspectFindCommandTests {
    /// The step numbers of `find --json`.
    private func steps(_ arguments: [String]) async throws -> (status: Int32, steps: [Int], stderr: String) {
        let result = await InspectorHarness.run(["find", Fixtures.demo] + arguments + ["--json"])
        let json = try JSONParser().parse(Array(result.stdout.utf8))
        let steps = json["steps"]?.arrayValue?.compactMap { $0["step"]?.numberValue?.intValue } ?? []
        return (result.status, steps, result.stderr)
    }

    @Test func becomesFindsTheFirstBadStep() async throws {
        let found = try await steps(["--where", "not (.todos[id=2] exists)", "--becomes"])
        #expect(found.status == 0)
        #expect(found.steps == [11])
    }

    @Test func firstIsTheDefaultAndAllListsEveryMatch() async throws {
        // Before step 2 todo 2 does not exist yet, so the predicate already holds at 0.
        #expect(try await steps(["--where", "not (.todos[id=2] exists)"]).steps == [0])
        #expect(try await steps(["--where", "not (.todos[id=2] exists)", "--all"]).steps == [0, 1, 11, 12, 13])
        #expect(try await steps(["--where", "not (.todos[id=2] exists)", "--becomes", "--all"]).steps == [11])
        #expect(try await steps(["--where", #".filter == "active""#, "--all"]).steps == [10, 11, 12])
    }

    @Test func rangeAndActionGlobNarrowTheSearch() async throws {
        #expect(try await steps(["--where", ".todos[*].done == true", "--all", "--from", "9", "--to", "12"]).steps == [9, 10, 11, 12])
        #expect(try await steps(["--where", ".todos[*].done == true", "--all", "--action", "toggle*"]).steps == [8, 12])
        // --becomes compares with the step before the range starts.
        #expect(try await steps(["--where", #".filter == "active""#, "--becomes", "--from", "11"]).status == 1)
        #expect(try await steps(["--where", ".login.user exists", "--becomes", "--action", "login*"]).steps == [7])
    }

    @Test func nothingMatchingExitsWithOne() async {
        let result = await InspectorHarness.run(["find", Fixtures.demo, "--where", ".nextID > 100"])
        #expect(result.status == 1)
        #expect(result.stderr == "No step matches.\n")
    }

    @Test func aPathThatNeverExistsIsFalseWithANoteNamingItsColumn() async {
        let result = await InspectorHarness.run(["find", Fixtures.demo, "--where", #".filter == "all" and .todoz[0] exists"#])
        #expect(result.status == 1)
        #expect(result.stderr == """
            Note: the path .todoz[0] (column 22) selects nothing at any step searched: check its spelling.
            No step matches.

            """)
    }

    @Test func aMalformedExpressionIsAUsageErrorWithItsColumn() async {
        let result = await InspectorHarness.run(["find", Fixtures.demo, "--where", ".a.b.c  42"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Error: invalid expression '.a.b.c  42': expected a comparison operator at column 9\nUsage: udf-inspect find"))
    }

    @Test func badOptionsAreUsageErrors() async {
        let missing = await InspectorHarness.run(["find", Fixtures.demo])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("Error: Missing expected option '--where <expr>'\n"))
        let both = await InspectorHarness.run(["find", Fixtures.demo, "--where", ".a exists", "--first", "--all"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("Error: '--first' and '--all' cannot be used together\n"))
    }

    @Test func findOnTheWorkloadStreamsEveryState() async throws {
        let result = await InspectorHarness.run(["find", Fixtures.workload, "--where", ".nextID >= 0", "--all", "--json"])
        #expect(result.status == 0)
        let json = try JSONParser().parse(Array(result.stdout.utf8))
        #expect(json["steps"]?.arrayValue?.count == 1_001)
    }
}
