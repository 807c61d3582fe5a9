import Foundation
import TestSupport
import Testing

/// Scripts get data, people get tables: into a pipe, machine formats print
/// only their data; on a terminal, people also see where it comes from.
@Suite struct PipeOutputTests {
    @Test func patchIsOnlyThePatch() async throws {
        let result = await InspectorHarness.run(["diff", Fixtures.demo, "11", "--format", "patch"], stdoutIsTerminal: true)
        #expect(result.status == 0)
        #expect(result.stdout == """
            [
              {
                "op": "remove",
                "path": "/todos/1"
              }
            ]

            """)
    }

    @Test func patchOfEqualStatesIsAnEmptyArray() async throws {
        let result = await InspectorHarness.run(["diff", Fixtures.demo, "13", "13", "--format", "patch"])
        #expect(result.status == 0)
        #expect(result.stdout == "[]\n")
    }

    @Test func showPathIntoAPipeIsOnlyTheValue() async throws {
        let result = await InspectorHarness.run(["show", Fixtures.demo, "11", "--path", ".todos[id=3].title"])
        #expect(result.status == 0)
        #expect(result.stdout == "\"Pay rent\"\n")
    }

    @Test func showPathOnATerminalSaysWhereTheValueIsFrom() async throws {
        let result = await InspectorHarness.run(["show", Fixtures.demo, "11", "--path", ".todos[id=3].title", "--color", "never"], stdoutIsTerminal: true)
        #expect(result.status == 0)
        #expect(result.stdout == """
            step 11 of main · deleteTodos(offsets: [1]) · 2026-11-30T03:17:45.260Z · reducer 21µs
            state at .todos[id=3].title:
            "Pay rent"

            """)
    }

    @Test func logOnATerminalStartsWithTheSessionLine() async throws {
        let result = await InspectorHarness.run(["log", Fixtures.demo, "--last", "1", "--color", "never"], stdoutIsTerminal: true)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "session 1 · TodoExample · main · steps 0…13 · closed · started 2026-11-30T03:17:45.258Z")
        #expect(lines[1].hasPrefix("STEP  TIME"))
    }

    @Test func noHeaderDropsTheSessionLineAndColumnNamesEvenOnATerminal() async throws {
        let piped = await InspectorHarness.run(["log", Fixtures.demo, "--last", "2", "--no-header"])
        let terminal = await InspectorHarness.run(["log", Fixtures.demo, "--last", "2", "--no-header", "--color", "never"], stdoutIsTerminal: true)
        #expect(piped.status == 0)
        #expect(piped == terminal)
        #expect(piped.stdout.split(separator: "\n").count == 2)
        #expect(piped.stdout.hasPrefix("  12  "))
    }

    @Test func everyJSONDocumentIsOnlyJSON() async throws {
        for arguments in [["log", "--json"], ["show", "11", "--path", ".todos", "--json"], ["diff", "11", "--json"], ["stats", "--json"]] {
            let result = await InspectorHarness.run([arguments[0], Fixtures.demo] + arguments.dropFirst(), stdoutIsTerminal: true)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("{\n"), "\(arguments)")
            #expect(result.stdout.hasSuffix("\n}\n"), "\(arguments)")
        }
    }
}
