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
    /// The number the next transition gets; nil until the first state is queued.
    private var nextStep: Int?

    /// - Parameter nextStep: the first transition's number when the file
    ///   already holds the state it starts from (a resumed branch).
    init(capacity: Int, nextStep: Int? = nil) {
        self.capacity = capacity
        self.nextStep = nextStep
        items.reserveCapacity(capacity)
    }

    /// Why a step was not queued.
    enum Refusal: Error {
        /// Nothing was started: a transition needs a first state before it.
        case notStarted
        /// The session already has its first state.
        case alreadyStarted
        /// `close()` was called.
        case closed
        /// Recording stopped on a failure, already reported.
        case stopped
    }

    /// Queues the session's first state as step `step`; later transitions are
    /// numbered from `step + 1`.
    func pushFirst(step: Int, _ make: (Int) -> HostStep) throws(Refusal) {
        _ = try push(first: step, make)
    }

    /// Queues a transition under the next step number and returns it.
    ///
    /// The number is taken under the queue's lock, after any wait for room,
    /// so steps sent from several threads are numbered in queue order.
    func pushNext(_ make: (Int) -> HostStep) throws(Refusal) -> Int {
        try push(first: nil, make)
    }

    /// Queues a transition, and first, when nothing was started yet, the
    /// state it starts from as step `firstStep`: one lock for both, so a
    /// store's middleware pays one lock per send.
    func pushNext(orStartAt firstStep: Int, with first: (Int) -> HostStep, _ make: (Int) -> HostStep) throws(Refusal) -> Int {
        try push(first: nil, startAt: firstStep, start: first, make)
    }

    private func push(
        first: Int?, startAt: Int? = nil, start: (Int) -> HostStep? = { _ in nil }, _ make: (Int) -> HostStep
    ) throws(Refusal) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !isStopped && !isClosing {
            condition.wait()
        }
        if isClosing { throw .closed }
        if isStopped { throw .stopped }
        let wasEmpty = items.isEmpty
        if nextStep == nil, let startAt, let firstState = start(startAt) {
            items.append(firstState)
            enqueued += 1
            nextStep = startAt + 1
        }
        let step: Int
        if let first {
            guard nextStep == nil else { throw .alreadyStarted }
            step = first
        } else {
            guard let next = nextStep else { throw .notStarted }
            step = next
        }
        nextStep = step + 1
        items.append(make(step))
        enqueued += 1
        // Only an empty queue can have the writer waiting on it.
        if wasEmpty {
            condition.broadcast()
        }
        return step
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
