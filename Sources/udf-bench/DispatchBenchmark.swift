import Foundation
import UDF
import UDFRecorder

/// The time `send` takes on the caller's thread, with and without a recorder.
///
/// Both stores run in the same rounds, interleaved, so drift on a shared
/// machine hits both alike. The recorder's queue is sized so it never fills:
/// this is the cost the sender pays when the writer keeps up on average.
@MainActor
enum DispatchBenchmark {
    struct Result {
        let withoutRecorder: Double
        let withRecorder: Double
        var added: Double { withRecorder - withoutRecorder }
    }

    static func run(state: BenchState, sends: Int, rounds: Int, path: String) throws -> Result {
        let recorder = try Recorder(
            path: path,
            app: "udf-bench",
            options: RecorderOptions(queueCapacity: sends * rounds + 16)
        )
        let plain = Store(initialState: state, reducer: BenchReducer.reducer)
        let recorded = Store(initialState: state, reducer: BenchReducer.reducer, middleware: [recorder.middleware()])
        let count = state.items.count
        var without = Samples()
        var with = Samples()
        let clock = ContinuousClock()
        var n = 0
        for _ in 0..<rounds {
            for _ in 0..<sends {
                let action = BenchReducer.action(n, count: count)
                let start = clock.now
                plain.send(action)
                without.add(clock.now - start)
                n += 1
            }
            for _ in 0..<sends {
                let action = BenchReducer.action(n, count: count)
                let start = clock.now
                recorded.send(action)
                with.add(clock.now - start)
                n += 1
            }
            // Let the writer catch up outside the timed region, so the queue is never full.
            recorder.flush()
        }
        try recorder.close()
        return Result(withoutRecorder: without.median, withRecorder: with.median)
    }
}
