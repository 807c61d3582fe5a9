import Foundation
import UDF
import UDFRecorder

/// The time `send` takes on the caller's thread, with and without a recorder.
///
/// The two stores are measured in pairs: each pair sends the same action to
/// both, one right after the other, alternating which goes first, and the
/// added cost is the median of the per-pair differences. Drift on a shared
/// machine and the reducer's own cost (on 1 MB, copying the list) hit both
/// halves of a pair alike, so they cancel in the difference instead of in
/// two separate medians. The recorder's queue is sized so it never fills:
/// this is the cost the sender pays when the writer keeps up on average.
@MainActor
enum DispatchBenchmark {
    struct Result {
        let withoutRecorder: Double
        let withRecorder: Double
        /// Median of the per-pair differences (with minus without).
        let added: Double
        let pairs: Int
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
        var differences = Samples()
        let clock = ContinuousClock()
        var n = 0
        for _ in 0..<rounds {
            for _ in 0..<sends {
                let action = BenchReducer.action(n, count: count)
                let plainTime: Duration
                let recordedTime: Duration
                if n % 2 == 0 {
                    let start = clock.now
                    plain.send(action)
                    let middle = clock.now
                    recorded.send(action)
                    recordedTime = clock.now - middle
                    plainTime = middle - start
                } else {
                    let start = clock.now
                    recorded.send(action)
                    let middle = clock.now
                    plain.send(action)
                    plainTime = clock.now - middle
                    recordedTime = middle - start
                }
                without.add(plainTime)
                with.add(recordedTime)
                differences.add(recordedTime - plainTime)
                n += 1
            }
            // Let the writer catch up outside the timed region, so the queue is never full.
            recorder.flush()
        }
        try recorder.close()
        return Result(
            withoutRecorder: without.median, withRecorder: with.median, added: differences.median, pairs: differences.count
        )
    }
}
