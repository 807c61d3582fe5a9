import Foundation
import TestSupport
import Testing
import UDF
import UDFJSON
import UDFLog
import UDFRecorder

/// The recorder's shortcuts against the plain path on adversarial states:
/// the shadow check takes both for every step and must never disagree.
@MainActor
@Suite struct ShadowCheckTests {
    /// Four seeds of 25,000 steps: 100,000 randomized steps in all (a tenth
    /// in a debug build, see `Workload`; `UDF_SHADOW_STEPS` overrides both).
    @Test(arguments: [UInt64(101), 102, 103, 104])
    func theShadowCheckFindsNoMismatchOnAdversarialStates(seed: UInt64) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("adversarial.udf")
        let failures = FailureLog()
        let recorder = try Recorder(
            path: path, app: "Adversarial",
            options: RecorderOptions(queueCapacity: 4_096, keyframePolicy: KeyframePolicy(interval: 32), shadowCheck: true)
        ) { failures.append($0.description) }
        let store = Store(initialState: AdversarialState(), reducer: AdversarialState.reducer, middleware: [recorder.middleware()])
        var random = TestSupport.SplitMix64(seed: seed)
        let steps = Int(ProcessInfo.processInfo.environment["UDF_SHADOW_STEPS"] ?? "") ?? Workload.scaled(25_000)
        for n in 1...steps {
            if random.next() % 10 == 0 {
                // A box is changed in place: the state before it must be
                // written first, or the writer would read the changed box.
                // Waited for off the main actor and the pool, which other suites share.
                try await OffPool.run { recorder.flush() }
                store.send(.poke(box: Int(random.next() % 6), by: Int(random.next() % 7) - 3))
            } else {
                store.send(.edit(seed: random.next()))
            }
            if n % 1_000 == 0 { await Task.yield() }
        }
        let final = try JSONValueEncoder().encode(store.state)
        try await OffPool.run { try recorder.close() }
        #expect(failures.lines == [])
        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        #expect(main.lastStep == steps)
        #expect(try recording.state(at: steps, on: main) == final)
    }
}
