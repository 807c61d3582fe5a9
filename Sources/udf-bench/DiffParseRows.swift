import Foundation
import UDFJSON
import UDFLog

/// `udf-bench --diff-parse-only`: issue 16's rows for the diff, the way back
/// to a state, and keyframes by cost, at 1 MB, with their anchors, in one run.
@MainActor
enum DiffParseRows {
    static func rows(options: BenchOptions, file: (String) -> String, progress: (String) -> Void) throws -> [BenchRow] {
        let state = BenchState.sized(1_000_000)
        let bytes = try JSONValueEncoder().encode(state).canonicalBytes.count
        let label = "1 MB (\(Format.bytes(Double(bytes))), \(state.items.count) items)"
        var rows: [BenchRow] = []

        progress("diff")
        let diff = try DiffBenchmark.run(state: state, samples: options.diffSamples)
        rows += diffRows(diff, label: label)

        progress("parse")
        let parse = try ParseBenchmark.run(bytes: 1_000_000, samples: options.diffSamples)
        let megabytes = Double(parse.bytes) / 1e6
        rows.append(BenchRow(
            "parse a keyframe, JSONParser", label,
            figure: "\(Format.duration(parse.ours)) (\(Format.digits(megabytes / parse.ours)) MB/s)",
            value: parse.ours * 1e3, unit: "ms"
        ))
        rows.append(BenchRow(
            "parse a keyframe, JSONSerialization (anchor)", label,
            figure: "\(Format.duration(parse.foundation)) (\(Format.digits(megabytes / parse.foundation)) MB/s)",
            value: parse.foundation * 1e3, unit: "ms"
        ))

        progress("recording 1 MB × \(options.ourActions(stateBytes: 1_000_000)) one-leaf steps, ours and naive")
        let path = file("diff-parse-ours.udf")
        let ours = try ThroughputBenchmark.ours(state: state, actions: options.ourActions(stateBytes: 1_000_000), path: path)
        let naive = try ThroughputBenchmark.naive(
            state: state, actions: options.naiveActions(stateBytes: 1_000_000), path: file("diff-parse-naive.udf")
        )
        let share = ours.bytesPerStep / naive.bytesPerStep
        let keyframes = try keyframeCount(path: path)
        rows.append(BenchRow(
            "bytes per step ours / naive", "\(label), \(ours.recordedActions) steps",
            figure: "\(Format.digits(share * 100))% (\(Format.bytes(ours.bytesPerStep)) vs \(Format.bytes(naive.bytesPerStep)); "
                + "\(keyframes) keyframes)",
            value: share * 100, unit: "%", target: "≤ 0.5%", met: share <= 0.005
        ))

        progress("rebuild")
        let rebuild = try RebuildBenchmark.ours(path: path, samples: options.rebuildSamples)
        let naiveRebuild = try RebuildBenchmark.naive(path: file("diff-parse-naive.udf"), samples: options.rebuildSamples)
        rows += rebuildRows(rebuild, naive: naiveRebuild, scenario: "\(label), \(ours.recordedActions) steps", samples: options.rebuildSamples)
        rows.append(BenchRow(
            "rebuild cost, from the keyframe + per patch", "least squares over those samples",
            figure: "\(Format.duration(rebuild.fromKeyframe)) + \(Format.duration(rebuild.perPatch)) per patch",
            value: rebuild.perPatch * 1e6, unit: "µs"
        ))
        return rows
    }

    /// The diff rows, one leaf apart at 1 MB, each beside the JSON Patch of the same pair.
    static func diffRows(_ diff: DiffBenchmark.Result, label: String) -> [BenchRow] {
        [
            BenchRow(
                "diff two states one leaf apart, sharing storage", label,
                figure: "\(Format.duration(diff.sharedDiff)) median of consecutive pairs (mean \(Format.duration(diff.meanSharedDiff)); "
                    + "first, nothing remembered: \(Format.duration(diff.firstSharedDiff)))",
                value: diff.sharedDiff * 1e3, unit: "ms", target: "≤ 0.5 ms", met: diff.sharedDiff <= 0.000_5
            ),
            BenchRow(
                "JSON Patch of the same pair", label, figure: Format.duration(diff.sharedPatch),
                value: diff.sharedPatch * 1e3, unit: "ms"
            ),
            BenchRow(
                "diff two states one leaf apart, encoded apart", label, figure: Format.duration(diff.independentDiff),
                value: diff.independentDiff * 1e3, unit: "ms", target: "≤ 1 ms", met: diff.independentDiff <= 0.001
            ),
            BenchRow(
                "JSON Patch of the same pair", label, figure: Format.duration(diff.independentPatch),
                value: diff.independentPatch * 1e3, unit: "ms"
            ),
            BenchRow(
                "diff one leaf apart, naive: pretty text, lines compared (anchor)", label,
                figure: "\(Format.duration(diff.naiveDiff)); ours \(Format.digits(diff.naiveDiff / diff.sharedDiff))× faster sharing storage, "
                    + "\(Format.digits(diff.naiveDiff / diff.independentDiff))× encoded apart",
                value: diff.naiveDiff * 1e3, unit: "ms"
            ),
        ]
    }

    /// The rebuild rows: median and worst of `samples` random steps, the
    /// first of them and the worst of the rest, and the naive recording's
    /// anchor (`RebuildBenchmark.naive`).
    static func rebuildRows(
        _ rebuild: RebuildBenchmark.Result, naive: RebuildBenchmark.NaiveResult, scenario: String, samples: Int
    ) -> [BenchRow] {
        [
            BenchRow(
                "rebuild a random step (median)", scenario, figure: Format.duration(rebuild.median),
                value: rebuild.median * 1e3, unit: "ms", target: "≤ 5 ms", met: rebuild.median <= 0.005
            ),
            BenchRow(
                "rebuild a random step (worst)", "\(samples) random steps", figure: Format.duration(rebuild.worst),
                value: rebuild.worst * 1e3, unit: "ms", target: "≤ 10 ms", met: rebuild.worst <= 0.010
            ),
            BenchRow(
                "rebuild, the process's first (fresh memory) / the worst of the others", "the same \(samples) steps",
                figure: "\(Format.duration(rebuild.first)) / \(Format.duration(rebuild.worstAfterFirst))",
                value: rebuild.worstAfterFirst * 1e3, unit: "ms"
            ),
            BenchRow(
                "rebuild a random step, naive: its whole state read and parsed (anchor)", "the naive recording, \(samples) random steps",
                figure: "median \(Format.duration(naive.median)), worst \(Format.duration(naive.worst)); "
                    + "ours \(Format.digits(naive.median / rebuild.median))× faster at the median, its hash checked",
                value: naive.median * 1e3, unit: "ms"
            ),
        ]
    }

    /// How many steps of the recording store a full state.
    private static func keyframeCount(path: String) throws -> Int {
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        return try recording.statistics(on: timeline).storage.keyframes
    }
}
