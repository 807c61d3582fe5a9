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
    static let shared = TailWorker()

    private struct Job: Sendable {
        let work: @Sendable () -> Void
        let finish: @Sendable () -> Void
    }

    /// The job handed over and not yet finished; nil when the thread is free.
    private let job = Mutex<Job?>(nil)
    private let wake = DispatchSemaphore(value: 0)
    private let started = Mutex(false)

    private init() {}

    /// Runs `work` then `finish` on the kept thread, or returns false
    /// without running either when that thread is busy.
    func run(_ work: @escaping @Sendable () -> Void, then finish: @escaping @Sendable () -> Void) -> Bool {
        let taken = job.withLock { current in
            guard current == nil else { return false }
            current = Job(work: work, finish: finish)
            return true
        }
        guard taken else { return false }
        startIfNeeded()
        wake.signal()
        return true
    }

    private func startIfNeeded() {
        let start = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard start else { return }
        let thread = Thread { [self] in
            while true {
                wake.wait()
                guard let next = job.withLock({ $0 }) else { continue }
                next.work()
                // Free before the caller hears, so that its next parse finds the thread free.
                job.withLock { $0 = nil }
                next.finish()
            }
        }
        thread.start()
    }
}
