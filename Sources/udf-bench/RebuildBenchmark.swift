import TodoExample
import UDFLog

/// Time to rebuild and verify the state of a random step, opening the file
/// afresh each time so no earlier rebuild is reused.
enum RebuildBenchmark {
    struct Result {
        let median: Double
        let worst: Double
    }

    static func run(path: String, samples: Int) throws -> Result {
        let steps = try Recording(path: path).session(nil).stepCount
        var random = SplitMix64(seed: 0x5EED)
        var times = Samples()
        for _ in 0..<samples {
            let step = Int(random.next() % UInt64(steps))
            let recording = try Recording(path: path)
            let timeline = try recording.timeline(nil, in: try recording.session(nil))
            times.add(seconds: try measure { _ = try recording.state(at: step, on: timeline) })
        }
        return Result(median: times.median, worst: times.seconds.max() ?? .nan)
    }
}
