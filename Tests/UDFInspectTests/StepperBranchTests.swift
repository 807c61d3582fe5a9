import Foundation
import TestSupport
import Testing

/// `b` in the stepper forks the timeline at the step shown, as `branch` does.
@Suite struct StepperBranchTests {
    @Test func branchingFromLineModeCreatesATimelineAtTheCurrentStep() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        let result = try Executables.run("udf-inspect", ["step", path], input: "jump 11\nbranch bug\nbranch bug\nbranch\nquit\n")
        #expect(result.stdout.contains("created branch 'bug' at step 11; open it with --timeline bug\n"))
        #expect(result.stderr == """
            Error: a timeline named 'bug' already exists in session 1; choose another name
            Error: 'branch' needs a name, as in 'branch fix'

            """)
        #expect(result.status == 64)

        let timelines = await InspectorHarness.run(["timelines", path])
        #expect(timelines.stdout == """
            session 1 (TodoExample)
            main  steps 0…13
            └─ bug  forked at 11, no own steps yet

            """)
    }
}
