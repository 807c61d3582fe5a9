import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// A walk that checks every hash keeps its own tree hasher: states its body
/// rebuilds meanwhile, on the same recording, neither move the walk's memo
/// on nor are moved on by it.
@Suite struct VerifyingWalkTests {
    @Test func rebuildingOtherStepsInsideAVerifyingWalkChecksEveryStateExactly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("walk.udf")
        let writer = try RecordingWriter(path: path, app: "Tests", options: .init(keyframePolicy: KeyframePolicy(interval: 8)))
        try writer.append((0...60).map { RecordingWriterTests.input($0) })
        try writer.close()
        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.stateHashAlgorithm(ofSession: main.sessionID) == .tree)

        var walked: [Int] = []
        var rebuilt: [Int] = []
        try recording.walk(main, verifyHashes: true) { (summary: StepSummary, state: JSONValue) throws -> Bool in
            #expect(state == RecordingWriterTests.state(summary.step), "step \(summary.step)")
            walked.append(summary.step)
            if summary.step % 5 == 2 {
                // Two in a row: the second continues from the first, patched.
                for other in [(summary.step * 13 + 5) % 61, (summary.step * 13 + 7) % 61] {
                    let state = try recording.state(at: other, on: main)
                    #expect(state == RecordingWriterTests.state(other), "step \(other)")
                    rebuilt.append(other)
                }
            }
            return true
        }
        #expect(walked == Array(0...60))
        #expect(rebuilt.count == 24)
        #expect(try recording.verify().isOK)
    }
}
