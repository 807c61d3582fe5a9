import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// `forEachStep` hands over the steps `steps(on:matching:)` returns, in the
/// same order, as it reads them, and reads no further once told to stop:
/// `log --json` streams a long timeline through it.
@Suite struct StreamedStepsTests {
    @Test func handsOverWhatStepsReturnsAndStopsWhenTold() throws {
        let (directory, path) = try RecordingBranchesTests.recording()
        try RecordingBranches.create(path: path, at: 40, name: "fix")
        let writer = try RecordingWriter(path: path, timeline: "main", at: 40, into: "fix")
        try writer.append((41...55).map { step in
            let input = RecordingWriterTests.input(step * 2)
            return StepInput(step: step, time: input.time, action: input.action, actionName: input.actionName,
                             cause: nil, reducerNanoseconds: input.reducerNanoseconds, state: input.state)
        })
        try writer.close()
        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        let since = Date(timeIntervalSince1970: 1_700_000_000 + 30)
        let queries: [StepQuery] = [
            StepQuery(), StepQuery(limit: 7), StepQuery(limit: 7, fromEnd: true), StepQuery(range: 35...45),
            StepQuery(range: 35...45, limit: 4, fromEnd: true), StepQuery(since: since), StepQuery(limit: 100, fromEnd: true),
            StepQuery(actions: ActionFilter(included: [ShellGlob("incr*")]), limit: 12),
            StepQuery(actions: ActionFilter(included: [ShellGlob("incr*")]), limit: 12, fromEnd: true),
            StepQuery(actions: ActionFilter(included: [ShellGlob("nothing*")])),
        ]
        var compared = 0
        for timeline in [try recording.timeline(nil, in: session), try recording.timeline("fix", in: session)] {
            for query in queries {
                let expected = try recording.steps(on: timeline, matching: query)
                var streamed: [StepSummary] = []
                try recording.forEachStep(on: timeline, matching: query) { streamed.append($0); return true }
                #expect(streamed == expected, "\(timeline.name) \(query)")
                for stop in [1, 3] {
                    var first: [StepSummary] = []
                    try recording.forEachStep(on: timeline, matching: query) { first.append($0); return first.count < stop }
                    #expect(first == Array(expected.prefix(stop)), "\(timeline.name) \(query), stop after \(stop)")
                }
                compared += expected.count
            }
        }
        #expect(compared > 200)
        _ = directory
    }
}
