import UDFDiff
import UDFJSON

/// Structural diff and patch of two 1 MB states that differ in one leaf.
enum DiffBenchmark {
    struct Result {
        let diff: Double
        let patch: Double
    }

    static func run(state: BenchState, samples: Int) throws -> Result {
        var changed = state
        changed.items[changed.items.count / 2].score += 1
        let a = try JSONValueEncoder().encode(state)
        let b = try JSONValueEncoder().encode(changed)
        var diff = Samples()
        var patch = Samples()
        for _ in 0..<samples {
            diff.add(seconds: measure { _ = JSONDiff.diff(a, b) })
            patch.add(seconds: measure { _ = JSONPatch.make(from: a, to: b) })
        }
        return Result(diff: diff.median, patch: patch.median)
    }
}
