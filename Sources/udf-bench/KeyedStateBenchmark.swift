import Foundation
import UDF
import UDFJSON
import UDFRecorder

/// A state keyed by id (`[String: BenchItem]`), one item changed per step:
/// the incremental encoder's step beside the plain encoder's, and throughput
/// through the recorder beside the host alone; and the encoder's step on the
/// same items keyed by integer (`[Int: BenchItem]`).
@MainActor
enum KeyedStateBenchmark {
    struct Result {
        let items: Int
        /// `IncrementalJSONEncoder.encode` of the state after one item changed.
        let incrementalEncode: Double
        /// `JSONValueEncoder().encode` of the same state: the anchor.
        let plainEncode: Double
        /// The same two on `IntegerKeyedBenchState`.
        let integerKeysEncode: (incremental: Double, plain: Double)
        let ours: ThroughputBenchmark.Result
        /// `ours` with every item's `owner` redacted, so every item's
        /// recorded form differs from its encoded one.
        let oursRedacting: ThroughputBenchmark.Result
        let host: ThroughputBenchmark.Result
    }

    static func run(bytes: Int, actions: Int, encodeSamples: Int, path: String) throws -> Result {
        let byString = KeyedBenchState.sized(bytes)
        let stringKeys = try encodeStep(of: byString, samples: encodeSamples) { state, sample in
            _ = KeyedBenchReducer.reducer.reduce(into: &state, action: BenchReducer.action(sample, count: byString.items.count))
        }
        let integerKeys = try encodeStep(of: IntegerKeyedBenchState.sized(bytes), samples: encodeSamples) { state, sample in
            state.apply(BenchReducer.action(sample, count: byString.items.count))
        }
        let redactingPath = path + ".redacting.udf"
        defer { BenchCommand.removeRecording(at: redactingPath) }
        return Result(
            items: byString.items.count, incrementalEncode: stringKeys.incremental, plainEncode: stringKeys.plain,
            integerKeysEncode: integerKeys,
            ours: try ThroughputBenchmark.ours(
                state: byString, reducer: KeyedBenchReducer.reducer, items: byString.items.count, actions: actions, path: path
            ),
            oursRedacting: try ThroughputBenchmark.ours(
                state: byString, reducer: KeyedBenchReducer.reducer, items: byString.items.count, actions: actions, path: redactingPath,
                options: RecorderOptions(redactor: Redactor(extraKeys: ["owner"]))
            ),
            host: ThroughputBenchmark.hostAlone(state: byString, reducer: KeyedBenchReducer.reducer, items: byString.items.count, actions: actions)
        )
    }

    /// Median times of the incremental and the plain encoder on `state`
    /// after each of `samples` changes.
    private static func encodeStep<State: Encodable>(
        of state: State, samples: Int, change: (inout State, Int) -> Void
    ) throws -> (incremental: Double, plain: Double) {
        var state = state
        let encoder = IncrementalJSONEncoder()
        _ = try encoder.encode(state)
        var incremental = Samples()
        var plain = Samples()
        for sample in 0..<samples {
            change(&state, sample)
            incremental.add(seconds: try measure { _ = try encoder.encode(state) })
            plain.add(seconds: try measure { _ = try JSONValueEncoder().encode(state) })
        }
        return (incremental.median, plain.median)
    }

    static func rows(_ result: Result, label: String) -> [BenchRow] {
        let oursRate = result.ours.perSecond
        let redactingRate = result.oursRedacting.perSecond
        let hostRate = result.host.perSecond
        return [
            BenchRow(
                "encode a step, state keyed by id, one item changed", label,
                figure: "\(Format.duration(result.incrementalEncode)) (plain encoder \(Format.duration(result.plainEncode)), "
                    + "\(Format.digits(result.plainEncode / result.incrementalEncode))×)",
                value: result.incrementalEncode * 1e6, unit: "µs"
            ),
            BenchRow(
                "encode a step, state keyed by integer id, one item changed", label,
                figure: "\(Format.duration(result.integerKeysEncode.incremental)) (plain encoder \(Format.duration(result.integerKeysEncode.plain)), "
                    + "\(Format.digits(result.integerKeysEncode.plain / result.integerKeysEncode.incremental))×)",
                value: result.integerKeysEncode.incremental * 1e6, unit: "µs"
            ),
            BenchRow(
                "sustained throughput, state keyed by id, ours", label,
                figure: "\(Format.rate(oursRate)) actions (the host alone \(Format.rate(hostRate)); ours is \(Format.digits(oursRate / hostRate * 100))% of it)",
                value: oursRate, unit: "actions/s"
            ),
            BenchRow(
                "sustained throughput, state keyed by id, every item's owner redacted", label,
                figure: "\(Format.rate(redactingRate)) actions (\(Format.digits(redactingRate / oursRate * 100))% of ours without redaction)",
                value: redactingRate, unit: "actions/s"
            ),
        ]
    }
}
