import UDFJSON

/// The writer thread's per-step stages on one state, for finding where time goes.
enum EncodeBenchmark {
    struct Result {
        let bytes: Int
        let encode: Double
        let canonical: Double
        let hash: Double
    }

    static func run(state: BenchState, samples: Int) throws -> Result {
        let value = try JSONValueEncoder().encode(state)
        let bytes = value.canonicalBytes
        var encode = Samples()
        var canonical = Samples()
        var hash = Samples()
        for _ in 0..<samples {
            encode.add(seconds: try measure { _ = try JSONValueEncoder().encode(state) })
            canonical.add(seconds: measure { _ = value.canonicalBytes })
            hash.add(seconds: measure { _ = StateHash.of(bytes) })
        }
        return Result(bytes: bytes.count, encode: encode.median, canonical: canonical.median, hash: hash.median)
    }
}
