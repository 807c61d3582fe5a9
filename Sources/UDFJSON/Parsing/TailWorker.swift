import Foundation
import Synchronization

/// One thread kept for the array tails `ArrayTailParse` hands off.
///
/// A thread started for each parse began cold: its allocations did not
/// find the memory the last one freed, so the first two 1 MB rebuilds of a
/// process each took about 1,000 page faults more than the rest. A thread
/// that stays keeps its malloc arena, and what it freed is used again.
/// It takes one tail at a time; a tail that finds it busy gets a thread of
/// its own, as before, so that no parse waits for another.
final class TailWorker: Sendable {
    /// Made, and its thread started, at the first tail.
    static let shared = TailWorker()

    /// Work that returns what tells its caller it is done: the thread is
    /// free before that runs, so that the caller's next tail finds it free.
    typealias Job = @Sendable () -> @Sendable () -> Void

    /// The job handed over and not yet done; nil when the thread is free.
    private let job = Mutex<Job?>(nil)
    private let wake = DispatchSemaphore(value: 0)

    private init() {
        Thread { [self] in
            while true {
                wake.wait()
                guard let next = job.withLock({ $0 }) else { continue }
                let tellCaller = next()
                job.withLock { $0 = nil }
                tellCaller()
            }
        }.start()
    }

    /// Runs `job` on the kept thread, or returns false without running it
    /// when that thread is busy.
    func run(_ job: @escaping Job) -> Bool {
        let taken = self.job.withLock { current in
            guard current == nil else { return false }
            current = job
            return true
        }
        if taken { wake.signal() }
        return taken
    }
}
