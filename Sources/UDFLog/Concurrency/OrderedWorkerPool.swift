import Foundation

/// Runs one job per input on a bounded number of threads, and hands the
/// results back in input order, each as soon as it and every earlier one
/// are done.
///
/// Results are streamed, not collected: a worker may run at most `window`
/// inputs ahead of the one the caller is waiting for, so memory stays
/// bounded however many inputs there are.
///
/// For example:
/// ```swift
/// OrderedWorkerPool(workers: 2).run(paths, job: { path in count(path) }) { index, result in
///     print(paths[index], result)
/// }
/// ```
package struct OrderedWorkerPool {
    package let workers: Int

    package init(workers: Int) {
        self.workers = max(1, workers)
    }

    /// Calls `job` for every input on the pool's threads, and `deliver` on
    /// the calling thread in input order. `deliver` returns false to stop:
    /// no new job starts, and running ones finish unseen.
    package func run<Input: Sendable, Output: Sendable>(
        _ inputs: [Input],
        job: @escaping @Sendable (Input) -> Output,
        deliver: (Int, Output) -> Bool
    ) {
        guard !inputs.isEmpty else { return }
        if workers == 1 || inputs.count == 1 {
            for (index, input) in inputs.enumerated() where !deliver(index, job(input)) { return }
            return
        }
        let board = ResultBoard<Output>(count: inputs.count, window: workers * 2)
        let threads = min(workers, inputs.count)
        for _ in 0..<threads {
            let thread = Thread {
                while let index = board.claim() {
                    board.finish(index, job(inputs[index]))
                }
            }
            // Deep JSON states recurse; give workers the main thread's stack size.
            thread.stackSize = 8 << 20
            thread.start()
        }
        var next = 0
        while next < inputs.count, let output = board.take(next) {
            guard deliver(next, output) else { break }
            next += 1
        }
        board.stop()
        board.waitForWorkers(threads)
    }
}

/// The state the pool's threads share, all of it guarded by one condition.
///
/// `@unchecked Sendable` because `NSCondition` is the guard: every property
/// is read and written only while `condition` is locked.
private final class ResultBoard<Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var results: [Int: Output] = [:]
    private var nextToClaim = 0
    private var delivered = 0
    private var stopped = false
    private var exited = 0
    private let count: Int
    private let window: Int

    init(count: Int, window: Int) {
        self.count = count
        self.window = window
    }

    /// The next input to work on, or nil when there is none or the caller stopped.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, nextToClaim < count, nextToClaim >= delivered + window {
            condition.wait()
        }
        guard !stopped, nextToClaim < count else {
            exited += 1
            condition.broadcast()
            return nil
        }
        nextToClaim += 1
        return nextToClaim - 1
    }

    func finish(_ index: Int, _ output: Output) {
        condition.lock()
        results[index] = output
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for input `index`'s result and removes it from the board.
    func take(_ index: Int) -> Output? {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil, !stopped {
            condition.wait()
        }
        guard let output = results.removeValue(forKey: index) else { return nil }
        delivered = index + 1
        condition.broadcast()
        return output
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once every worker thread has left its loop, so no job outlives the run.
    func waitForWorkers(_ threads: Int) {
        condition.lock()
        while exited < threads {
            condition.wait()
        }
        condition.unlock()
    }
}
