import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// Exports read on one thread and write on another. The overlapped walk must
/// hand over exactly what the plain walk visits, in order, and stop cleanly
/// on an error from either side.
@Suite struct OverlappedWalkTests {
    private struct Seen: Equatable {
        let step: Int
        let state: [UInt8]
        let action: [UInt8]?
        let stored: StoredState?
    }

    private static func seen(_ step: SharedStep) -> Seen {
        Seen(step: step.input.step, state: step.input.state.canonicalBytes, action: step.input.action?.canonicalBytes, stored: step.stored)
    }

    @Test(arguments: [nil, 3...3, 130...1_000])
    func itHandsOverWhatThePlainWalkVisitsInOrder(range: ClosedRange<Int>?) throws {
        let recording = try Recording(path: Fixtures.workload)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let shareRange = try recording.shareRange(range, of: timeline)
        let redactor = Redactor(extraKeys: ["title"])
        var plain: [Seen] = []
        let plainCount = try recording.walkSharedSteps(timeline, range: shareRange, redactor: redactor) { plain.append(Self.seen($0)) }
        var overlapped: [Seen] = []
        let overlappedCount = try recording.walkSharedStepsOverlapped(timeline, range: shareRange, redactor: redactor) {
            overlapped.append(Self.seen($0))
        }
        #expect(overlapped.count == shareRange.exportedCount)
        #expect(overlapped == plain)
        #expect(overlappedCount == plainCount)
        if range == nil { #expect(plainCount > 0, "the rule redacted something") }
    }

    /// Batches close at a few megabytes as well as at a count: 60 keyframes
    /// of 300 KB travel in several batches, in order, whole.
    @Test func largeKeyframesTravelInBatchesBoundedInBytes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("large.udf")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let session = SharedSession(app: "Large", host: "test", startedAt: start, endedAt: nil, timelineName: "main", metadata: nil)
        let filler = String(repeating: "x", count: 300_000)
        try RecordingImporter(path: path, keyframePolicy: KeyframePolicy(interval: 1)).writeStandalone(session: session) { emit in
            for step in 0..<60 {
                try emit(SharedStep(StepInput(
                    step: step, time: start, action: step == 0 ? nil : ["n": .number(JSONNumber(step))], actionName: step == 0 ? nil : "n",
                    cause: nil, reducerNanoseconds: nil, state: ["filler": .string(filler), "n": .number(JSONNumber(step))]
                )))
            }
        }
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let shareRange = try recording.shareRange(nil, of: timeline)
        var plain: [Seen] = []
        try recording.walkSharedSteps(timeline, range: shareRange) { plain.append(Self.seen($0)) }
        var overlapped: [Seen] = []
        try recording.walkSharedStepsOverlapped(timeline, range: shareRange) { overlapped.append(Self.seen($0)) }
        #expect(plain.count == 60)
        #expect(overlapped == plain)
        #expect(plain.allSatisfy { $0.stored?.text != nil }, "every step comes with its stored keyframe")
    }

    private struct Full: Error, Equatable {}

    @Test func aWriterErrorStopsTheWalkAndReachesTheCaller() throws {
        let recording = try Recording(path: Fixtures.workload)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let shareRange = try recording.shareRange(nil, of: timeline)
        var handled = 0
        #expect(throws: Full()) {
            try recording.walkSharedStepsOverlapped(timeline, range: shareRange) { _ in
                handled += 1
                if handled == 300 { throw Full() }
            }
        }
        #expect(handled == 300)
        // The recording is free again once the call returns.
        #expect(try recording.verify().isOK)
    }

    /// A bad patch fails on the reading thread, a bad action on the writing
    /// one (`SharedActionStage`); either way it arrives as a corrupt step,
    /// after every step before it.
    @Test(arguments: [
        ("UPDATE steps SET patch = '[{\"op\":\"remove\",\"path\":\"/nothing\"}]' WHERE step = 700 AND patch IS NOT NULL", 700, "its patch does not apply"),
        ("UPDATE steps SET action = '{\"addTodo\":' WHERE step = 40", 40, "its action is not valid JSON"),
    ])
    func aReadErrorArrivesAfterEveryStepBeforeIt(sql: String, step corrupt: Int, reason: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.workload, as: "corrupt.udf")
        try rewrite(path, sql: sql)
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let shareRange = try recording.shareRange(nil, of: timeline)
        var steps: [Int] = []
        #expect {
            try recording.walkSharedStepsOverlapped(timeline, range: shareRange) { steps.append($0.input.step) }
        } throws: { error in
            guard case RecordingError.corruptStep(let step, let name, let why) = error else { return false }
            return step == corrupt && name == "main" && why.hasPrefix(reason)
        }
        #expect(steps == Array(0..<corrupt))
    }
}
