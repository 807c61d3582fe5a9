import UDFDiff
import UDFJSON

/// Structural diff and patch of two 1 MB states that differ in one leaf.
///
/// Two pairs: one rebuilt the way the reader rebuilds consecutive states
/// (the second is the first with one leaf replaced, so every other subtree
/// shares storage), and one encoded independently (nothing shared, so
/// every element is compared deeply).
enum DiffBenchmark {
    struct Result {
        let sharedDiff: Double
        let sharedPatch: Double
        let independentDiff: Double
        let independentPatch: Double
    }

    static func run(state: BenchState, samples: Int) throws -> Result {
        var changed = state
        let middle = changed.items.count / 2
        changed.items[middle].score += 1
        let a = try JSONValueEncoder().encode(state)
        let b = try JSONValueEncoder().encode(changed)
        let shared = try replacingLeaf(of: a, item: middle, with: try JSONValueEncoder().encode(changed.items[middle]))
        guard shared == b else { throw BenchError("the shared-storage pair does not match the encoded one") }
        var sharedDiff = Samples()
        var sharedPatch = Samples()
        var independentDiff = Samples()
        var independentPatch = Samples()
        for _ in 0..<samples {
            sharedDiff.add(seconds: measure { _ = JSONDiff.diff(a, shared) })
            sharedPatch.add(seconds: measure { _ = JSONPatch.make(from: a, to: shared) })
            independentDiff.add(seconds: measure { _ = JSONDiff.diff(a, b) })
            independentPatch.add(seconds: measure { _ = JSONPatch.make(from: a, to: b) })
        }
        return Result(
            sharedDiff: sharedDiff.median, sharedPatch: sharedPatch.median,
            independentDiff: independentDiff.median, independentPatch: independentPatch.median
        )
    }

    /// `state` with `items[index]` replaced, sharing every other subtree.
    private static func replacingLeaf(of state: JSONValue, item index: Int, with value: JSONValue) throws -> JSONValue {
        guard var root = state.objectValue, var items = root["items"]?.arrayValue, index < items.count else {
            throw BenchError("the bench state has no items array")
        }
        items[index] = value
        root["items"] = .array(items)
        return .object(root)
    }
}
