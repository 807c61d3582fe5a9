import Foundation
import UDFLog

/// A bounded queue between senders and the one writer thread.
///
/// A sender pays for one lock and one signal. When the queue is full it waits
/// for the writer, so that nothing is lost and memory stays bounded.
final class StepQueue: @unchecked Sendable {
    // NSCondition guards every field below; none is touched without it.
    private let condition = NSCondition()
    private var items: [HostStep] = []
    private let capacity: Int
    private var enqueued = 0
    private var finished = 0
    private var isClosing = false
    private var isStopped = false

    init(capacity: Int) {
        self.capacity = capacity
        items.reserveCapacity(capacity)
    }

    /// Adds a step, waiting while the queue is full. A stopped queue drops it.
    func push(_ step: HostStep) {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !isStopped {
            condition.wait()
        }
        guard !isStopped, !isClosing else { return }
        items.append(step)
        enqueued += 1
        if items.count == 1 {
            condition.broadcast()
        }
    }

    /// For the writer: up to `limit` waiting steps, oldest first, or nil once
    /// the queue is closed and empty.
    ///
    /// Taking one batch at a time, not everything, keeps the steps a crash can
    /// lose to the queue's capacity plus one batch.
    func take(upTo limit: Int) -> [HostStep]? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !isClosing {
            condition.wait()
        }
        if items.isEmpty { return nil }
        let count = min(limit, items.count)
        let taken = Array(items.prefix(count))
        items.removeFirst(count)
        condition.broadcast()
        return taken
    }

    /// For the writer: `count` steps are written, or given up.
    func markFinished(_ count: Int) {
        condition.lock()
        finished += count
        condition.broadcast()
        condition.unlock()
    }

    /// Drops everything waiting and every later push: the recorder failed.
    func stop() {
        condition.lock()
        isStopped = true
        finished += items.count
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Lets the writer drain what is queued, then end.
    func close() {
        condition.lock()
        isClosing = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every step pushed so far is written or given up.
    func waitUntilDrained() {
        condition.lock()
        let target = enqueued
        while finished < target {
            condition.wait()
        }
        condition.unlock()
    }
}
