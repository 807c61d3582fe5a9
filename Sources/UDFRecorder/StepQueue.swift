import Foundation
import UDFLog

/// A bounded queue between senders and the recorder's encoding thread.
///
/// A sender pays for one lock. When `window` steps are unwritten (queued,
/// or taken and not yet committed) it waits for the writer, so that nothing
/// is lost, memory stays bounded and a crash loses at most `window` steps.
///
/// A writer that keeps up finds the queue empty after every step. Woken by
/// each send, it would make every send a system call (a futex wake, and an
/// interrupt to the writer's core): 10 µs of a 1 MB state's send. So a
/// writer that runs dry first dozes for `doze`: senders leave it alone, and
/// it takes what arrived when it wakes. Only when that finds nothing does it
/// sleep until a sender wakes it, so an idle app is not polled. A queue a
/// quarter full, `close` and `waitUntilDrained` wake a dozing writer early;
/// nothing else does, not the broadcast of a batch marked finished.
@usableFromInline
final class StepQueue: @unchecked Sendable {
    /// How long a writer that ran dry waits before it looks again, unwoken:
    /// the longest a step waits in the queue while the writer keeps up.
    static let doze = 0.005

    enum Writer {
        case working
        /// Waiting out `doze`; senders do not wake it.
        case dozing
        /// Waiting for a sender to wake it.
        case asleep
    }

    // NSCondition guards every field below; none is touched without it.
    private let condition = NSCondition()
    private var items: [HostStep] = []
    /// The most steps pushed and not yet finished.
    private let window: Int
    private var enqueued = 0
    private var finished = 0
    private var isClosing = false
    private var isStopped = false
    /// The number the next transition gets; nil until the first state is queued.
    private var nextStep: Int?
    private var writer = Writer.working
    /// How many waiting steps wake a dozing writer.
    private let wakeDozingAt: Int
    /// This queue's `doze`, in seconds.
    private let dozeSeconds: TimeInterval
    /// How many sends had to wake the writer: each one a system call on the
    /// sender's thread.
    private var sendsThatWoke = 0

    /// - Parameters:
    ///   - capacity: the steps that may wait to be taken.
    ///   - batchSize: the most steps taken at once. A step taken is unwritten
    ///     until marked finished, so the window is one batch past `capacity`
    ///     however many batches the writer has in hand.
    ///   - nextStep: the first transition's number when the file already
    ///     holds the state it starts from (a resumed branch).
    ///   - doze: how long a writer that ran dry waits unwoken.
    init(capacity: Int, batchSize: Int, nextStep: Int? = nil, doze: TimeInterval = StepQueue.doze) {
        window = capacity + batchSize
        self.nextStep = nextStep
        dozeSeconds = doze
        wakeDozingAt = max(1, capacity / 4)
        items.reserveCapacity(capacity)
    }

    /// Why a step was not queued.
    @usableFromInline
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
    @usableFromInline
    func pushNext(_ make: (Int) -> HostStep) throws(Refusal) -> Int {
        try push(first: nil, make)
    }

    /// Queues a transition, and first, when nothing was started yet, the
    /// state it starts from as step `firstStep`: one lock for both, so a
    /// store's middleware pays one lock per send.
    @usableFromInline
    func pushNext(orStartAt firstStep: Int, with first: (Int) -> HostStep, _ make: (Int) -> HostStep) throws(Refusal) -> Int {
        try push(first: nil, startAt: firstStep, start: first, make)
    }

    private func push(
        first: Int?, startAt: Int? = nil, start: (Int) -> HostStep? = { _ in nil }, _ make: (Int) -> HostStep
    ) throws(Refusal) -> Int {
        condition.lock()
        defer { condition.unlock() }
        while enqueued - finished >= window && !isStopped && !isClosing {
            condition.wait()
        }
        if isClosing { throw .closed }
        if isStopped { throw .stopped }
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
        switch writer {
        case .asleep:
            wakeWriter()
            sendsThatWoke += 1
        case .dozing where items.count >= wakeDozingAt:
            wakeWriter()
            sendsThatWoke += 1
        case .dozing, .working:
            break
        }
        return step
    }

    /// For the writer: up to `limit` waiting steps, oldest first, or nil once
    /// the queue is closed and empty.
    ///
    /// Taking one batch at a time, not everything, keeps a batch's
    /// transaction short; the window bounds what a crash can lose.
    func take(upTo limit: Int) -> [HostStep]? {
        condition.lock()
        defer { condition.unlock() }
        if items.isEmpty && !isClosing {
            writer = .dozing
            // Other broadcasts on this condition (a batch marked finished)
            // do not end the doze: the writer would find nothing, fall
            // asleep, and the next send would have to wake it.
            let deadline = Date(timeIntervalSinceNow: dozeSeconds)
            while writer == .dozing && !isClosing && condition.wait(until: deadline) {}
            while items.isEmpty && !isClosing {
                writer = .asleep
                condition.wait()
            }
            writer = .working
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

    /// Wakes the writer from a doze or a sleep; the lock is held.
    private func wakeWriter() {
        writer = .working
        condition.broadcast()
    }

    /// How many sends so far had to wake the writer.
    var wakesBySends: Int {
        condition.lock()
        defer { condition.unlock() }
        return sendsThatWoke
    }

    /// Whether the writer works, dozes or sleeps now.
    var writerNow: Writer {
        condition.lock()
        defer { condition.unlock() }
        return writer
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
        if finished < target { wakeWriter() }
        while finished < target {
            condition.wait()
        }
        condition.unlock()
    }
}
