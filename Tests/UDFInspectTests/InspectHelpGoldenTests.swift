import Foundation
import TestSupport
import Testing
@testable import UDFInspect

/// Help as swift-argument-parser prints it: required options in usage lines,
/// global options, every key and exit code, suggestions for values.
@Suite struct InspectHelpGoldenTests {
    @Test(arguments: [
        (["help", "help"], "help/help-help.txt"),
        (["help", "step"], "help/step.txt"),
        (["find", "--help"], "help/find.txt"),
        (["testgen", "-h"], "help/testgen.txt"),
        (["--help"], "help/udf-inspect.txt"),
        (["help", "completions"], "help/completions.txt"),
    ])
    func helpTexts(_ arguments: [String], golden: String) async {
        let result = await InspectorHarness.run(arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        assertSnapshot(result.stdout, named: golden)
    }

    @Test func everySpellingOfHelpPrintsTheSameText() async {
        let forms = [["help", "step"], ["step", "--help"], ["step", "-h"], ["step", "x.udf", "--at", "3", "-h"]]
        var texts: [String] = []
        for form in forms { texts.append(await InspectorHarness.run(form).stdout) }
        #expect(Set(texts).count == 1)
    }

    @Test func everyCommandListsTheGlobalOptions() async {
        for spec in InspectorHarness.inspector.allSpecs {
            let help = await InspectorHarness.run(["help", spec.name]).stdout
            #expect(help.contains("\nGLOBAL OPTIONS:\n  --color <when>"), "help \(spec.name)")
            #expect(help.contains("\n  --no-pager "), "help \(spec.name)")
        }
    }

    @Test func stepHelpListsEveryKeyOfTheKeyTableAndExitCode129() async {
        let help = await InspectorHarness.run(["help", "step"]).stdout
        let keys = help.components(separatedBy: "\nKEYS:\n")[1].components(separatedBy: "\n\n")[0]
        let labels = keys.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .map { $0.dropFirst(2).components(separatedBy: "   ")[0] }
        #expect(labels == StepperKeyTable.bindings.map(\.label))
        for label in ["b NAME Enter", "j  ↓", "k  ↑", "Space  PgDn", "PgUp", "Esc", "c", "z", "/ TEXT Enter", "? TEXT Enter", "N"] {
            #expect(labels.contains(label), "\(label)")
        }
        #expect(help.contains("\n  129                SIGHUP: the terminal went away.\n"))
    }

    @Test(arguments: [
        (["diff", Fixtures.demo, "3", "--format", "pach"],
         "Error: The value 'pach' is invalid for '--format <format>'. Did you mean 'patch'? Expected one of: tree, patch, paths"),
        (["log", Fixtures.demo, "--color", "alwyas"],
         "Error: The value 'alwyas' is invalid for '--color <when>'. Did you mean 'always'? Expected one of: auto, always, never"),
        (["completions", "bsh"],
         "Error: The value 'bsh' is invalid for '<shell>'. Did you mean 'bash'? Expected one of: bash, zsh, fish"),
        (["help", "stpe"], "Error: Unknown command 'stpe'. Did you mean 'step'?"),
        (["log", Fixtures.demo, "--session", "4"],
         "Error: session 4 does not exist in '\(Fixtures.demo)'. Sessions: 1"),
    ])
    func valuesGetSuggestions(_ arguments: [String], firstLine: String) async {
        let result = await InspectorHarness.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.components(separatedBy: "\n")[0] == firstLine)
    }

    @Test func aMistypedTimelineSuggestsTheClosestOne() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        #expect(await InspectorHarness.run(["branch", path, "--at", "5", "--name", "fix"]).status == 0)
        let log = await InspectorHarness.run(["log", path, "--timeline", "fx"])
        #expect(log.status == 64)
        #expect(log.stderr == "Error: timeline 'fx' does not exist in session 1. Did you mean 'fix'? Timelines: main, fix\n")
        let diff = await InspectorHarness.run(["diff", path, "3", "fixx@4"])
        #expect(diff.stderr == "Error: timeline 'fixx' does not exist in session 1. Did you mean 'fix'? Timelines: main, fix\n")
    }

    @Test func aBadReplaceActionNamesTheRecordedCases() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        let result = await InspectorHarness.run(["replay", path, "--name", "try", "--replace", #"3={"addTodoo":{"_0":"x"}}"#])
        #expect(result.status == 64)
        #expect(result.stderr.hasSuffix(
            "Did you mean 'addTodo'? Cases recorded on 'main': addTodo, deleteTodos, emailChanged, loginResponse, passwordChanged, setFilter, submitLogin, toggleTodo\n"
        ))
    }

    @Test func requiredOptionsShowInUsageLines() async {
        let result = await InspectorHarness.run(["export", Fixtures.demo])
        #expect(result.stderr.components(separatedBy: "\n")[1]
            == "Usage: udf-inspect export <file> ... --format <format> --output <out> [options]")
    }
}
