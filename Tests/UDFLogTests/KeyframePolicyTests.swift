import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// Keyframes by cost: small states keep one every 64 steps, large states
/// whose steps change one leaf get them far apart, and an explicit short
/// interval still means exactly that spacing.
@Suite struct KeyframePolicyTests {
    static func row(_ index: Int, score: Int) -> JSONValue {
        .object([
            "id": .number(JSONNumber(100_000 + index)),
            "title": .string("Task \(100_000 + index) with a longer title"),
            "owner": .string("user-\(index % 97)"),
            "score": .number(JSONNumber(score)),
        ])
    }

    /// `steps` states of a list of `count` rows of about 75 bytes, each step
    /// changing one row's score; unchanged rows share storage, as a host's do.
    static func states(rows count: Int, steps: Int) -> [JSONValue] {
        var rows = (0..<count).map { row($0, score: 0) }
        var states: [JSONValue] = []
        for step in 0..<steps {
            if step > 0 {
                let index = (step &* 7_919) % count
                rows[index] = row(index, score: step)
            }
            states.append(.object(["items": .array(rows)]))
        }
        return states
    }

    static func keyframes(rows: Int, steps: Int, policy: KeyframePolicy) throws -> (steps: [Int], stateBytes: Int) {
        let directory = try TemporaryDirectory()
        let path = directory.path("keyframes.udf")
        let writer = try RecordingWriter(path: path, app: "Tests", options: .init(keyframePolicy: policy))
        try writer.append(states(rows: rows, steps: steps).enumerated().map { step, state in
            StepInput(step: step, time: Date(timeIntervalSince1970: 1_700_000_000), action: nil, actionName: nil,
                      cause: nil, reducerNanoseconds: nil, state: state)
        })
        try writer.close()
        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.verify().isOK)
        let summaries = try recording.steps(on: main)
        return (summaries.filter(\.isKeyframe).map(\.step), summaries[0].stateSize)
    }

    @Test func smallStatesKeepAKeyframeEvery64Steps() throws {
        let (steps, stateBytes) = try Self.keyframes(rows: 10, steps: 200, policy: KeyframePolicy())
        #expect(stateBytes < 1_000)
        #expect(steps == [0, 64, 128, 192])
    }

    /// 2,000 rows are about 150 KB: 64 patches of one leaf (about 4.2 KB of
    /// replay each, 4 KB of fixed cost plus the patch) weigh 270 KB, more
    /// than the state, so cost asks for a keyframe at the first step it may.
    /// 5,000 rows (about 420 KB) wait until the replay outweighs the state.
    @Test func largeStatesGetKeyframesWhenReplayOutweighsParsing() throws {
        let (medium, mediumBytes) = try Self.keyframes(rows: 2_000, steps: 200, policy: KeyframePolicy())
        #expect(mediumBytes > 100_000 && mediumBytes < 200_000)
        #expect(medium == [0, 64, 128, 192])

        let (large, largeBytes) = try Self.keyframes(rows: 5_000, steps: 250, policy: KeyframePolicy())
        #expect(largeBytes > 350_000 && largeBytes < 450_000, "\(largeBytes)")
        // Patch k after a keyframe costs 4,096 bytes plus its own ~60: the
        // keyframe comes once (k - 1) × ~4,160 reaches the state's bytes.
        let spacing = try #require(large.dropFirst().first)
        let perPatch = Double(largeBytes) / Double(spacing - 1)
        #expect(perPatch > 4_096 && perPatch < 4_096 + 200, "\(large), \(largeBytes) bytes")
        #expect(large == [0, spacing, 2 * spacing])
    }

    @Test func anExplicitShortIntervalIsAnExactSpacing() throws {
        let (steps, _) = try Self.keyframes(rows: 2_000, steps: 40, policy: KeyframePolicy(interval: 16))
        #expect(steps == [0, 16, 32])
    }

    @Test func theIntervalCapsTheSpacingOfLargeStates() throws {
        let (steps, _) = try Self.keyframes(rows: 5_000, steps: 200, policy: KeyframePolicy(interval: 80))
        #expect(steps == [0, 80, 160])
    }
}
