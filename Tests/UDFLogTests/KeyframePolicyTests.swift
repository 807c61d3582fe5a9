import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// Keyframes by cost: small states keep one every 128 steps, larger states
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

    @Test func smallStatesKeepAKeyframeEvery128Steps() throws {
        let (steps, stateBytes) = try Self.keyframes(rows: 10, steps: 300, policy: KeyframePolicy())
        #expect(stateBytes < 1_000)
        #expect(steps == [0, 128, 256])
    }

    /// A state of about 10 KB whose replay budget (the whole state) runs
    /// out after a dozen patches still waits for the minimum spacing.
    @Test func aStateOfTenKilobytesKeepsAKeyframeEvery128Steps() throws {
        let (steps, stateBytes) = try Self.keyframes(rows: 130, steps: 300, policy: KeyframePolicy())
        #expect(stateBytes > 9_000 && stateBytes < 12_000, "\(stateBytes) bytes")
        #expect(steps == [0, 128, 256])
    }

    /// The replay a state may pay before its next keyframe, in bytes of
    /// parsing, as docs/format.md gives it: a sixth of the state, at least
    /// 160 KB, at most the whole state.
    static func budget(stateBytes: Int) -> Int {
        min(stateBytes, max(stateBytes / 6, 160 * 1_024))
    }

    /// 2,000 rows are about 150 KB, under the 160 KB floor: the replay may
    /// cost a whole parse. 5,000 rows (about 420 KB) may replay the floor,
    /// and 14,000 (about 1 MB) a sixth of their parse. Each patch counts
    /// 512 bytes of fixed work plus its own bytes (about 60), so the
    /// keyframe comes once (k - 1) patches reach the budget.
    @Test(arguments: [(2_000, 600), (5_000, 640), (14_000, 700)])
    func largerStatesGetKeyframesOnceTheReplayReachesItsBudget(rows: Int, steps: Int) throws {
        let (keyframes, stateBytes) = try Self.keyframes(rows: rows, steps: steps, policy: KeyframePolicy())
        let spacing = try #require(keyframes.dropFirst().first)
        let perPatch = Double(Self.budget(stateBytes: stateBytes)) / Double(spacing - 1)
        #expect(perPatch > 512 && perPatch < 512 + 200, "\(keyframes), \(stateBytes) bytes")
        #expect(keyframes == [0, spacing, 2 * spacing], "\(stateBytes) bytes")
        #expect(spacing > 200, "\(stateBytes) bytes: far fewer keyframes than one every 128 steps")
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
