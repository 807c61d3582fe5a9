import Foundation
import TodoExample
import UDFLog
import UDFSQLite

/// Time to rebuild and verify the state of a random step, opening the file
/// afresh each time so no earlier rebuild is reused.
/// The suite times both, ours and the anchor, in a `ReaderChild`.
@MainActor
enum RebuildBenchmark {
    struct Result: Codable {
        let median: Double
        let worst: Double
        /// The process's first rebuild, whose memory is all fresh, and the
        /// worst of the others: what the worst is made of.
        let first: Double
        let worstAfterFirst: Double
        /// A least-squares line through (patches replayed, time): what a
        /// rebuild costs from its keyframe alone, and what each patch adds.
        let fromKeyframe: Double
        let perPatch: Double
    }

    struct NaiveResult: Codable {
        let median: Double
        let worst: Double
    }

    /// `inProcess` in a child process set up as `udf-inspect`'s, from a
    /// quiet disk: the rows before it write hundreds of megabytes, whose
    /// writeback would share the rebuild's two cores.
    static func ours(path: String, samples: Int) throws -> Result {
        QuietDisk.settle()
        return try ReaderChild.run(["rebuild", path, String(samples)], name: "rebuild", as: Result.self)
    }

    /// `naiveInProcess` in a child process set up as `udf-inspect`'s.
    static func naive(path: String, samples: Int) throws -> NaiveResult {
        try ReaderChild.run(["naive-rebuild", path, String(samples)], name: "naive rebuild", as: NaiveResult.self)
    }

    /// Rebuilds `samples` random steps in this process.
    static func inProcess(path: String, samples: Int) throws -> Result {
        let keyframes: [Int]
        do {
            let recording = try Recording(path: path)
            keyframes = try recording.steps(on: try recording.timeline(nil, in: try recording.session(nil)))
                .filter(\.isKeyframe).map(\.step)
        }
        let steps = try Recording(path: path).session(nil).stepCount
        guard steps > 0 else { throw BenchError("'\(path)' has no steps to rebuild") }
        var random = SplitMix64(seed: 0x5EED)
        var times = Samples()
        var points: [(patches: Double, seconds: Double)] = []
        for _ in 0..<samples {
            let step = Int(random.next() % UInt64(steps))
            let recording = try Recording(path: path)
            let timeline = try recording.timeline(nil, in: try recording.session(nil))
            let seconds = try measure { _ = try recording.state(at: step, on: timeline) }
            times.add(seconds: seconds)
            let keyframe = keyframes.last { $0 <= step } ?? 0
            points.append((Double(step - keyframe), seconds))
        }
        let line = fit(points)
        return Result(
            median: times.median, worst: times.seconds.max() ?? .nan,
            first: times.seconds.first ?? .nan, worstAfterFirst: times.seconds.dropFirst().max() ?? .nan,
            fromKeyframe: line.intercept, perPatch: line.slope
        )
    }

    /// The anchor: a random step of a naive recording (`NaiveRecorder`, every
    /// state stored whole) read and parsed by `JSONSerialization`, the file
    /// opened afresh each time as above. Nothing is checked against a hash:
    /// a naive recording keeps none.
    static func naiveInProcess(path: String, samples: Int) throws -> NaiveResult {
        let steps: [Int]
        do {
            let database = try Database(path: path, mode: .readOnly)
            defer { database.close() }
            steps = try database.prepare("SELECT step FROM steps ORDER BY step").rows { $0.int(0) }
        }
        guard !steps.isEmpty else { throw BenchError("'\(path)' has no steps to rebuild") }
        var random = SplitMix64(seed: 0x5EED)
        var times = Samples()
        for _ in 0..<samples {
            let step = steps[Int(random.next() % UInt64(steps.count))]
            let seconds = try measure {
                let database = try Database(path: path, mode: .readOnly)
                defer { database.close() }
                _ = try NaiveRecorder.state(at: step, in: database)
            }
            times.add(seconds: seconds)
        }
        return NaiveResult(median: times.median, worst: times.seconds.max() ?? .nan)
    }

    private static func fit(_ points: [(patches: Double, seconds: Double)]) -> (intercept: Double, slope: Double) {
        let n = Double(points.count)
        let meanX = points.map(\.patches).reduce(0, +) / n
        let meanY = points.map(\.seconds).reduce(0, +) / n
        let covariance = points.map { ($0.patches - meanX) * ($0.seconds - meanY) }.reduce(0, +)
        let variance = points.map { ($0.patches - meanX) * ($0.patches - meanX) }.reduce(0, +)
        guard variance > 0 else { return (meanY, .nan) }
        let slope = covariance / variance
        return (meanY - slope * meanX, slope)
    }
}
