import Foundation

/// Runs a producer on a thread of its own and hands what it emits to a
/// consumer on the calling thread, in order, so that reading a recording and
/// writing an export overlap on two cores instead of taking turns.
///
/// Items travel in batches through a bounded hand-off, so memory stays
/// bounded whatever the length. An error on either side stops both: the
/// producer's reaches the caller after every item emitted before it; the
/// consumer's stops the producer at its next emit. `run` returns only once
/// the producer's thread has left, so nothing it used outlives the call.
enum OverlappedWalk {
    static let batchSize = 128
    /// A batch closes early at this many bytes held: a run of large
    /// keyframes must not fill memory.
    static let batchBytes = 4 << 20
    static let batchesInFlight = 4

    static func run<Item: Sendable & HeldBytes>(
        produce: @escaping @Sendable (_ emit: (Item) throws -> Void) throws -> Void,
        consume: (Item) throws -> Void
    ) throws {
        let handoff = Handoff<[Item]>(capacity: batchesInFlight)
        let thread = Thread {
            var batch: [Item] = []
            batch.reserveCapacity(batchSize)
            var batchWeight = 0
            var failure: (any Error)?
            do {
                try produce { item in
                    batch.append(item)
                    batchWeight += item.heldBytes
                    if batch.count == batchSize || batchWeight >= batchBytes {
                        guard handoff.put(batch) else { throw ConsumerStopped() }
                        batch.removeAll(keepingCapacity: true)
                        batchWeight = 0
                    }
                }
            } catch {
                failure = error
            }
            // What was emitted before an error still arrives, ahead of it.
            do {
                if !batch.isEmpty, !handoff.put(batch) { throw ConsumerStopped() }
            } catch {
                failure = failure ?? error
            }
            handoff.finish(failure)
        }
        // Deep JSON states recurse; give the producer the main thread's stack size.
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let batch = try handoff.take() {
                for item in batch { try consume(item) }
                // Freed where it was made: a free on another thread than the
                // allocating one takes that thread's malloc arena lock.
                handoff.recycle(batch)
            }
        } catch {
            handoff.cancel()
            handoff.waitUntilFinished()
            throw error
        }
    }
}

extension Recording {
    /// Runs `produce` on this recording on a thread of its own, handing what
    /// it emits to `consume` on the calling thread, and returns what
    /// `produce` returned. The recording is used by that thread alone until
    /// this returns; `consume` must not use it.
    func overlapped<Item: Sendable & HeldBytes, Result>(
        _ produce: @escaping @Sendable (_ recording: Recording, _ emit: (Item) throws -> Void) throws -> Result,
        consume: (Item) throws -> Void
    ) throws -> Result {
        let recording = HandedOver(self)
        let result = HandedOver<Result?>(nil)
        try OverlappedWalk.run(produce: { emit in
            result.value = try produce(recording.value, emit)
        }, consume: consume)
        // `run` returns without an error only once `produce` has returned.
        guard let value = result.value else { throw ProducerDidNotFinish() }
        return value
    }
}

/// `run` returned before the producer did; it never does.
private struct ProducerDidNotFinish: Error {}

/// What an item handed over holds, about, in bytes: the texts it carries.
protocol HeldBytes {
    var heldBytes: Int { get }
}

extension WalkedStep: HeldBytes {
    var heldBytes: Int { (stored?.text?.bytes.count ?? 0) + (actionText?.count ?? 0) }
}

extension StepsTable.StoredRow: HeldBytes {
    var heldBytes: Int {
        let texts = (keyframe?.utf8.count ?? 0) + (patch?.utf8.count ?? 0) + (action?.utf8.count ?? 0)
        return texts + (changes?.childOperations.reduce(0) { $0 + $1.operations.count } ?? 0)
    }
}

/// The producer stopped because the consumer gave up.
private struct ConsumerStopped: Error {}
