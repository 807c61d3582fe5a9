import Foundation
import TestSupport
import Testing
import TodoExample
import UDFTesting

/// `testgen` on the 10,000-step workload of the example app: generated in
/// seconds, kept to a few long literals, and replayed in-process.
///
/// Not on the main actor: its replay holds a thread for seconds, and the
/// test stores of other suites need the main actor for their effects.
@Suite struct TestgenWorkloadTests {
    @Test func tenThousandStepsGenerateInSecondsAndReplay() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("workload.udf")
        // A tenth in a debug build (see `Workload`); CI's release run and the
        // closing figures take all 10,000. Time is measured by udf-bench, not here.
        let count = Workload.scaled(10_000)
        try await TodoRecording.recordWorkload(to: path, count: count, seed: 7)

        let file = try await GeneratedTestFile.generate(
            [path, "--module", "TodoExample", "--state", "AppState", "--action", "AppAction", "--reducer", "appReducer"],
            into: directory.url
        )
        let lines = file.text.split(separator: "\n")
        if count == 10_000 {
            // The workload is seeded, so the file is the same on every run: 2.2 MB.
            #expect(file.text.utf8.count == 2_232_278)
            #expect(lines.count == 20_040)
        }
        #expect(lines.filter { $0.hasPrefix("        // step ") }.count == count)

        let timeline = try file.timeline()
        #expect(timeline.steps.count == count)
        let log = FailureLog()
        #expect(ReplayCheck<AppState, AppAction>(reducer: appReducer, reporter: log.reporter).run(timeline))
        #expect(log.all == [])

        let firstAdd = try #require(timeline.steps.first { $0.action["addTodo"] != nil })
        #expect(!ReplayCheck<AppState, AppAction>(reducer: impureAppReducer, reporter: log.reporter).run(timeline))
        #expect(log.all.count == 1)
        #expect(log.all.first?.hasPrefix("Step \(firstAdd.step) · \(firstAdd.action.canonicalText): the state differs from the recording (- recorded, + replayed)\n") == true)
    }
}
