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

/// A small seedable generator (SplitMix64), so every run picks the same steps.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
