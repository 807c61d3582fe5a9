import Foundation
import UDFJSON

/// Parsing a 1 MB keyframe's canonical text into a `JSONValue`, against
/// Foundation's `JSONSerialization` on the same bytes as the anchor. The
/// parsed value is freed outside the timing, as a reader keeps what it
/// parsed; the suite times both in a `ReaderChild`.
@MainActor
enum ParseBenchmark {
    struct Result: Codable {
        let bytes: Int
        let ours: Double
        let foundation: Double
    }

    /// `inProcess` on `BenchState.sized(bytes)`, in a child process set up as `udf-inspect`'s.
    static func run(bytes: Int, samples: Int) throws -> Result {
        try ReaderChild.run(["parse", String(bytes), String(samples)], name: "parse", as: Result.self)
    }

    static func inProcess(state: BenchState, samples: Int) throws -> Result {
        let bytes = try JSONValueEncoder().encode(state).canonicalBytes
        let data = Data(bytes)
        guard try JSONParser().parse(bytes).canonicalBytes == bytes else {
            throw BenchError("the parsed keyframe does not print back as itself")
        }
        var ours = Samples()
        var foundation = Samples()
        for _ in 0..<samples {
            // Each value lives until its sample is taken.
            ours.add(seconds: try measureKeeping { try JSONParser().parse(bytes) }.seconds)
            foundation.add(seconds: try measureKeeping { try JSONSerialization.jsonObject(with: data) }.seconds)
        }
        return Result(bytes: bytes.count, ours: ours.median, foundation: foundation.median)
    }
}
