import Foundation
import TestSupport
import Testing
@testable import UDFInspect

/// A step counted back from the last one (`last`, `last~3`) names the same
/// step as its number, in every command that takes a step, on the demo
/// recording (steps 0…13); one counted back past step 0 is an error, except
/// as a range's start, which then starts at 0.
@Suite struct StepPositionTests {
    @Test func parsing() {
        #expect(StepPosition("40") == .number(40))
        #expect(StepPosition("last") == .beforeLast(0))
        #expect(StepPosition("last~0") == .beforeLast(0))
        #expect(StepPosition("last~12") == .beforeLast(12))
        for text in ["last~", "last~-1", "last~+1", "last~1x", "Last", "last~ 1", "-1", "~1", "last1", "HEAD~1"] {
            #expect(StepPosition(Substring(text)) == nil, "\(text)")
        }
        #expect(StepReference("fix@last~2") == StepReference(timeline: "fix", position: .beforeLast(2)))
        #expect(StepReference("@last") == nil)
        #expect(StepPosition.beforeLast(3).description == "last~3")
        #expect(StepPosition.beforeLast(0).description == "last")
        #expect(StepPosition.beforeLast(3).step(lastStep: 13) == 10)
        #expect(StepPosition.beforeLast(13).step(lastStep: 13) == 0)
        #expect(StepPosition.beforeLast(14).step(lastStep: 13) == nil)
        #expect(StepPosition.beforeLast(14).start(lastStep: 13) == 0)
        #expect(StepPosition.beforeLast(3).start(lastStep: 13) == 10)
        #expect(StepPosition.number(20).start(lastStep: 13) == 20)
    }

    /// Each pair of command lines must print the same, byte for byte.
    @Test func countedBackNamesTheSameStepAsItsNumber() async {
        let demo = Fixtures.demo
        let pairs: [([String], [String])] = [
            (["show", demo, "last"], ["show", demo, "13"]),
            (["show", demo, "last~2", "--json"], ["show", demo, "11", "--json"]),
            (["show", demo, "main@last~1", "--path", ".todos"], ["show", demo, "12", "--path", ".todos"]),
            (["diff", demo, "last"], ["diff", demo, "13"]),
            (["diff", demo, "last~3", "last", "--format", "paths"], ["diff", demo, "10", "13", "--format", "paths"]),
            (["why", demo, "last~6", "--json"], ["why", demo, "7", "--json"]),
            (["log", demo, "--from", "last~2"], ["log", demo, "--from", "11"]),
            (["log", demo, "--from", "last~99"], ["log", demo]),
            (["log", demo, "--from", "2", "--to", "last~9", "--json"], ["log", demo, "--from", "2", "--to", "4", "--json"]),
            (["find", demo, "--where", ".filter == \"all\"", "--from", "last~5", "--all"], ["find", demo, "--where", ".filter == \"all\"", "--from", "8", "--all"]),
            (["blame", demo, ".filter", "--at", "last~1"], ["blame", demo, ".filter", "--at", "12"]),
        ]
        for (counted, numbered) in pairs {
            let a = await InspectorHarness.run(counted)
            let b = await InspectorHarness.run(numbered)
            #expect(a.status == b.status && a.stdout == b.stdout && a.stderr == b.stderr, "\(counted) against \(numbered)")
            #expect(!a.stdout.isEmpty, "\(counted) printed nothing")
        }
    }

    @Test func countedBackPastTheFirstStep() async {
        let demo = Fixtures.demo
        let show = await InspectorHarness.run(["show", demo, "last~14"])
        #expect(show.status == 64)
        #expect(show.stderr == "Error: step last~14 does not exist: timeline 'main' has steps 0…13\n")
        let to = await InspectorHarness.run(["log", demo, "--from", "5", "--to", "last~20"])
        #expect(to.status == 64)
        #expect(to.stderr == "Error: step last~20 does not exist: timeline 'main' has steps 0…13\n")
        let crossed = await InspectorHarness.run(["log", demo, "--from", "12", "--to", "last~3"])
        #expect(crossed.status == 64)
        #expect(crossed.stderr == "Error: '--to' (last~3, step 10) must not be before '--from' (12)\n")
        let both = await InspectorHarness.run(["log", demo, "--from", "last~2", "--to", "last~4"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("Error: '--to' (last~4) must not be before '--from' (last~2)\nUsage: udf-inspect log <file> [options]\n"))
        let malformed = await InspectorHarness.run(["blame", demo, ".filter", "--at", "last-1"])
        #expect(malformed.status == 64)
        #expect(malformed.stderr.hasPrefix("Error: 'last-1' is not a step for '--at <step>': use a number such as 40, last or last~2\n"))
    }

    @Test func theStepperJumpsBackFromTheLastStep() throws {
        let result = try Executables.run("udf-inspect", ["step", Fixtures.demo, "--at", "last~3"], input: "jump last\n:last~13\njump last~14\n")
        let headers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("session 1 · main · step") }.map { $0.split(separator: "·")[2].trimmingCharacters(in: .whitespaces) }
        #expect(headers == ["step 10 of 13", "step 13 of 13", "step 0 of 13"])
        #expect(result.stderr.contains("Error: no step last~14: steps are 0…13"))
    }

    @Test func aBranchForksAtTheLastStep() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        let created = await InspectorHarness.run(["branch", path, "--at", "last~1", "--name", "fix"])
        #expect(created.status == 0)
        #expect(created.stdout.hasPrefix("Created timeline 'fix' in session 1: forked from main at step 12, sharing steps 0…12.\n"))
    }
}
