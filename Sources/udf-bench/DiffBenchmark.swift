import UDFDiff
import UDFJSON

/// Structural diff and patch of two 1 MB states that differ in one leaf.
///
/// Two kinds of pair: states rebuilt the way the reader rebuilds consecutive
/// states (each is the one before with one leaf replaced, so every other
/// subtree shares storage), diffed one after the next along a chain as a
/// stepper does; and two states encoded independently (nothing shared, so
/// every element is compared deeply). The chain's first diff sees lists no
/// diff has seen, so it is reported apart: later ones find their lists'
/// ids remembered (`ListIDs`), which a chain restarts every 17 steps.
enum DiffBenchmark {
    struct Result {
        /// Median over consecutive pairs along the chain.
        let sharedDiff: Double
        /// The chain's first diff, nothing remembered.
        let firstSharedDiff: Double
        /// The mean over the chain, restarts included.
        let meanSharedDiff: Double
        let sharedPatch: Double
        let independentDiff: Double
        let independentPatch: Double
        /// The anchor, `naiveDiff`, on the same pair.
        let naiveDiff: Double
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
        var naive = Samples()
        guard naiveDiff(a, b).old.count == 1 else { throw BenchError("the naive diff does not find the one changed line") }
        var first: Double?
        var current = a
        let count = changed.items.count
        for sample in 0..<samples {
            // The next state of the chain: one item's score changed, spread over the list.
            let index = (middle + sample * 7_919) % count
            let next = try replacingLeaf(of: current, item: index, with: try scored(item: index, of: current, as: Double(sample)))
            let seconds = measure { _ = JSONDiff.diff(current, next) }
            if first == nil { first = seconds }
            sharedDiff.add(seconds: seconds)
            current = next
            sharedPatch.add(seconds: measure { _ = JSONPatch.make(from: a, to: shared) })
            independentDiff.add(seconds: measure { _ = JSONDiff.diff(a, b) })
            independentPatch.add(seconds: measure { _ = JSONPatch.make(from: a, to: b) })
        }
        // The anchor takes a hundred times ours: a few samples tell its median,
        // and a profile of the rows above stays theirs.
        for _ in 0..<Swift.max(3, samples / 5) {
            naive.add(seconds: measure { _ = naiveDiff(a, b) })
        }
        return Result(
            sharedDiff: sharedDiff.median, firstSharedDiff: first ?? 0, meanSharedDiff: sharedDiff.mean,
            sharedPatch: sharedPatch.median, independentDiff: independentDiff.median, independentPatch: independentPatch.median,
            naiveDiff: naive.median
        )
    }

    /// The anchor: both states printed as pretty text and their lines
    /// compared (`NaiveLineDiff`). Storage shared or not, it costs the same.
    static func naiveDiff(_ a: JSONValue, _ b: JSONValue) -> (old: ArraySlice<Substring.UTF8View>, new: ArraySlice<Substring.UTF8View>) {
        NaiveLineDiff.changed(a.prettyText(), b.prettyText())
    }

    /// `items[index]` of `state` with its `score` set to `score`.
    private static func scored(item index: Int, of state: JSONValue, as score: Double) throws -> JSONValue {
        guard var item = state.objectValue?["items"]?.arrayValue?[index].objectValue else {
            throw BenchError("the bench state has no items array")
        }
        item["score"] = .number(JSONNumber(score))
        return .object(item)
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
