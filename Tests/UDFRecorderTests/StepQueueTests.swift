import Foundation
import Synchronization
import Testing
import TestSupport
import UDFLog
@testable import UDFRecorder

/// The queue between senders and the writer: a writer that ran dry dozes,
/// and a send during the doze costs the sender no system call.
///
/// Each test runs on threads of its own (`OffPool`), not the test pool: a
/// busy suite can leave a pool task unscheduled for longer than a doze.
struct StepQueueTests {
    private static func step(_ n: Int) -> HostStep {
        HostStep(step: n, time: Date(), action: nil, cause: nil, reducerNanoseconds: nil, state: n)
    }

    /// Polls `condition` until it holds or 60 s pass.
    private static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    /// The steps of a batch taken on another thread, once taken.
    private final class Taken: Sendable {
        private let steps = Mutex<[Int]?>(nil)
        var value: [Int]? { steps.withLock { $0 } }

        /// Takes one batch of `queue` on a thread of its own.
        init(from queue: StepQueue) {
            Thread { [self] in
                let batch = queue.take(upTo: 8)?.map(\.step)
                steps.withLock { $0 = batch }
            }.start()
        }
    }

    /// A queue whose writer took its first step and, on another thread,
    /// looks for the next.
    private static func writerLookingForMore(doze: TimeInterval) throws -> (StepQueue, Taken) {
        let queue = StepQueue(capacity: 64, batchSize: 8, doze: doze)
        try queue.pushFirst(step: 0) { Self.step($0) }
        #expect(queue.take(upTo: 8)?.map(\.step) == [0])
        return (queue, Taken(from: queue))
    }

    /// The writing stage marks a batch finished while the encoding stage
    /// dozes. That broadcast used to end the doze: the writer found the
    /// queue empty, fell asleep, and the next send had to wake it, a futex
    /// call on the sender's thread (9 µs of a 1 MB state's send).
    @Test func aBatchMarkedFinishedDoesNotEndTheDozeSoTheNextSendWakesNoOne() async throws {
        try await OffPool.run {
            // Far longer than the test: only `close` ends this doze.
            let (queue, taken) = try Self.writerLookingForMore(doze: 3_600)
            #expect(Self.eventually { queue.writerNow == .dozing })
            queue.markFinished(1)
            // Time for a woken writer to find the queue empty and fall asleep.
            Thread.sleep(forTimeInterval: 0.2)
            #expect(queue.writerNow == .dozing)
            #expect(try queue.pushNext { Self.step($0) } == 1)
            #expect(queue.wakesBySends == 0)
            // `close` ends the doze at once, and what arrived is taken.
            queue.close()
            #expect(Self.eventually { taken.value != nil })
            #expect(taken.value == [1])
        }
    }

    /// A writer whose doze found nothing sleeps, and the next send wakes it:
    /// an idle app is not polled, and a lone step is still written.
    @Test func aWriterThatSleptIsWokenByTheNextSend() async throws {
        try await OffPool.run {
            let (queue, taken) = try Self.writerLookingForMore(doze: 0.01)
            #expect(Self.eventually { queue.writerNow == .asleep })
            #expect(try queue.pushNext { Self.step($0) } == 1)
            #expect(queue.wakesBySends == 1)
            #expect(Self.eventually { taken.value != nil })
            #expect(taken.value == [1])
            queue.close()
        }
    }
}
