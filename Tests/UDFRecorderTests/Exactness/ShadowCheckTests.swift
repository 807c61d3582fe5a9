import Dispatch
import Foundation
import TestSupport
import Testing
import UDF
import UDFJSON
import UDFLog
import UDFRecorder

/// The recorder's shortcuts against the plain path on adversarial states:
/// the shadow check takes both for every step and must never disagree.
@Suite(.serialized) struct ShadowCheckTests {
    /// Four seeds of 25,000 steps: 100,000 randomized steps in all (a tenth
    /// in a debug build, see `Workload`; `UDF_SHADOW_STEPS` overrides both).
    /// CI runs it whole in a release build.
    ///
    /// A host with its own loop records through `Recorder.record`, on a
    /// dispatch thread: a long CPU-bound loop on the main actor or the
    /// cooperative pool would starve the other suites' effects.
    @Test(arguments: [UInt64(101), 102, 103, 104])
    func theShadowCheckFindsNoMismatchOnAdversarialStates(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("adversarial.udf")
        let steps = Int(ProcessInfo.processInfo.environment["UDF_SHADOW_STEPS"] ?? "") ?? Workload.scaled(25_000)
        let outcome = try await Self.onDispatchThread { () throws -> (failures: [String], final: JSONValue) in
            let failures = FailureLog()
            let recorder = try Recorder(
                path: path, app: "Adversarial",
                options: RecorderOptions(queueCapacity: 4_096, keyframePolicy: KeyframePolicy(interval: 32), shadowCheck: true)
            ) { failures.append($0.description) }
            var state = AdversarialState()
            var random = TestSupport.SplitMix64(seed: seed)
            for step in 1...steps {
                let action: AdversarialAction
                if random.next() % 10 == 0 {
                    // A box is changed in place: the state before it must be
                    // written first, or the writer would read the changed box.
                    recorder.flush()
                    action = .poke(box: Int(random.next() % 6), by: Int(random.next() % 7) - 3)
                } else {
                    action = .edit(seed: random.next())
                }
                let before = state
                let started = ContinuousClock.now
                _ = AdversarialState.reducer.reduce(into: &state, action: action)
                recorder.record(Transition(
                    step: step, cause: nil, action: action, stateBefore: before, stateAfter: state,
                    timestamp: Date(), reducerDuration: ContinuousClock.now - started
                ))
            }
            let final = try JSONValueEncoder().encode(state)
            try recorder.close()
            return (failures.lines, final)
        }
        #expect(outcome.failures == [])
        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        #expect(main.lastStep == steps)
        #expect(try recording.state(at: steps, on: main) == outcome.final)
    }

    private static func onDispatchThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}
