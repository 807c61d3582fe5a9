import Dispatch
import Synchronization

/// Work on a long array cut into more parts than there are cores, each part
/// taken by whichever thread is free: a core that runs slower (its caches
/// colder for this array, or shared with another thread) takes fewer, so
/// the work ends when the parts do, not when the slower half does.
enum ParallelParts {
    /// How many parts: enough for two cores to even out, few enough that
    /// each part's setup is nothing beside its hundreds of elements.
    static let count = 8

    /// The parts of `0..<total`, in order, each as long as the others
    /// within one element; some are empty when `total` is below `count`.
    static func ranges(of total: Int) -> [Range<Int>] {
        (0..<count).map { total * $0 / count..<total * ($0 + 1) / count }
    }

    /// `body` of each part of `0..<total`, at once on every core, in the
    /// parts' order.
    static func map<Result: Sendable>(_ total: Int, _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let parts = ranges(of: total)
        let results = Mutex<[Result?]>(Array(repeating: nil, count: parts.count))
        DispatchQueue.concurrentPerform(iterations: parts.count) { part in
            let result = body(parts[part])
            results.withLock { $0[part] = result }
        }
        // `concurrentPerform` returns once every part has run, so each is set.
        return results.withLock { $0 }.map { $0! }
    }
}
