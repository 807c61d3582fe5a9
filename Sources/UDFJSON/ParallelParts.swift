import Dispatch
import Synchronization

/// Work on a long array cut into parts run at once on every core, each part
/// taken by whichever thread is free. With more parts than cores, a core
/// that runs slower (its caches colder for this array, or shared with
/// another thread) takes fewer of them, and the work ends when the parts
/// do, not when the slower half does.
package enum ParallelParts {
    /// `body` of each of `parts` parts of `0..<total`, in the parts' order.
    /// The parts are as long as each other within one element; some are
    /// empty when `total` is below `parts`.
    package static func map<Result: Sendable>(
        _ total: Int, parts: Int, _ body: @Sendable (Range<Int>) -> Result
    ) -> [Result] {
        let ranges = (0..<parts).map { total * $0 / parts..<total * ($0 + 1) / parts }
        let results = Mutex<[Result?]>(Array(repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let result = body(ranges[part])
            results.withLock { $0[part] = result }
        }
        // `concurrentPerform` returns once every part has run, so each is set.
        return results.withLock { $0 }.map { $0! }
    }
}
