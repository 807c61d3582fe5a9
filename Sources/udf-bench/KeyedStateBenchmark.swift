import Foundation
import UDF
import UDFJSON
import UDFRecorder

/// A state keyed by id (`[String: BenchItem]`), one item changed per step:
/// the incremental encoder's step beside the plain encoder's, and throughput
/// through the recorder beside the host alone.
@MainActor
enum KeyedStateBenchmark {
    struct Result {
        let items: Int
        /// `IncrementalJSONEncoder.encode` of the state after one item changed.
        let incrementalEncode: Double
        /// `JSONValueEncoder().encode` of the same state: the anchor.
        let plainEncode: Double
        let ours: ThroughputBenchmark.Result
        let host: ThroughputBenchmark.Result
    }

    static func run(bytes: Int, actions: Int, encodeSamples: Int, path: String) throws -> Result {
        var state = KeyedBenchState.sized(bytes)
        let encoder = IncrementalJSONEncoder()
        _ = try encoder.encode(state)
        var incremental = Samples()
        var plain = Samples()
        for sample in 0..<encodeSamples {
            _ = KeyedBenchReducer.reducer.reduce(into: &state, action: BenchReducer.action(sample, count: state.items.count))
            incremental.add(seconds: try measure { _ = try encoder.encode(state) })
            plain.add(seconds: try measure { _ = try JSONValueEncoder().encode(state) })
        }
        return Result(
            items: state.items.count, incrementalEncode: incremental.median, plainEncode: plain.median,
            ours: try ours(bytes: bytes, actions: actions, path: path), host: hostAlone(bytes: bytes, actions: actions)
        )
    }

    private static func ours(bytes: Int, actions: Int, path: String) throws -> ThroughputBenchmark.Result {
        let state = KeyedBenchState.sized(bytes)
        let recorder = try Recorder(path: path, app: "udf-bench")
        let store = Store(initialState: state, reducer: KeyedBenchReducer.reducer, middleware: [recorder.middleware()])
        let seconds = measure {
            for n in 0..<actions {
                store.send(BenchReducer.action(n, count: state.items.count))
            }
            recorder.flush()
        }
        try recorder.close()
        return ThroughputBenchmark.Result(actions: actions, seconds: seconds, fileBytes: FileSize.recording(path))
    }

    private static func hostAlone(bytes: Int, actions: Int) -> ThroughputBenchmark.Result {
        let state = KeyedBenchState.sized(bytes)
        let store = Store(initialState: state, reducer: KeyedBenchReducer.reducer)
        let seconds = measure {
            for n in 0..<actions {
                store.send(BenchReducer.action(n, count: state.items.count))
            }
        }
        return ThroughputBenchmark.Result(actions: actions, seconds: seconds, fileBytes: 0)
    }

    static func rows(_ result: Result, label: String) -> [BenchRow] {
        let oursRate = result.ours.perSecond
        let hostRate = result.host.perSecond
        return [
            BenchRow(
                "encode a step, state keyed by id, one item changed", label,
                figure: "\(Format.duration(result.incrementalEncode)) (plain encoder \(Format.duration(result.plainEncode)), "
                    + "\(Format.digits(result.plainEncode / result.incrementalEncode))×)",
                value: result.incrementalEncode * 1e6, unit: "µs"
            ),
            BenchRow(
                "sustained throughput, state keyed by id, ours", label,
                figure: "\(Format.rate(oursRate)) actions (the host alone \(Format.rate(hostRate)); ours is \(Format.digits(oursRate / hostRate * 100))% of it)",
                value: oursRate, unit: "actions/s"
            ),
        ]
    }
}
