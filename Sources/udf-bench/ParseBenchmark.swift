import Foundation
import UDFJSON

/// Parsing a 1 MB keyframe's canonical text into a `JSONValue`, against
/// Foundation's `JSONSerialization` on the same bytes as the anchor.
enum ParseBenchmark {
    struct Result {
        let bytes: Int
        let ours: Double
        let foundation: Double
    }

    static func run(state: BenchState, samples: Int) throws -> Result {
        let bytes = try JSONValueEncoder().encode(state).canonicalBytes
        let data = Data(bytes)
        guard try JSONParser().parse(bytes).canonicalBytes == bytes else {
            throw BenchError("the parsed keyframe does not print back as itself")
        }
        var ours = Samples()
        var foundation = Samples()
        for _ in 0..<samples {
            ours.add(seconds: try measure { _ = try JSONParser().parse(bytes) })
            foundation.add(seconds: try measure { _ = try JSONSerialization.jsonObject(with: data) })
        }
        return Result(bytes: bytes.count, ours: ours.median, foundation: foundation.median)
    }
}
