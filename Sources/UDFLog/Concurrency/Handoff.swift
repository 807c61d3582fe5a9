import Foundation

/// Hands items from one producer thread to one consumer thread, in order,
/// through a bounded buffer: a producer that gets `capacity` items ahead
/// waits, so memory stays bounded. `@unchecked Sendable` because
/// `condition` guards every property: each is read and written only while
/// it is locked.
public final class Handoff<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var spent: [Item] = []
    private let capacity: Int
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// For the producer: waits for room. False, and nothing put, once the
    /// consumer has given up.
    @discardableResult
    public func put(_ item: Item) -> Bool {
        condition.lock()
        while items.count >= capacity, !cancelled {
            condition.wait()
        }
        if cancelled {
            condition.unlock()
            return false
        }
        items.append(item)
        let consumed = spent
        spent = []
        condition.broadcast()
        condition.unlock()
        // Released here, outside the lock, on the thread that made them.
        withExtendedLifetime(consumed) {}
        return true
    }

    /// For the consumer: an item it is done with, to be released by the
    /// producer at its next `put`.
    public func recycle(_ item: Item) {
        condition.lock()
        spent.append(item)
        condition.unlock()
    }

    /// For the producer, last: no more items, with an error or none.
    public func finish(_ error: (any Error)? = nil) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// For the consumer: the next item, nil at the end, or the producer's
    /// error once every item before it was taken.
    public func take() throws -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !finished {
            condition.wait()
        }
        if !items.isEmpty {
            condition.broadcast()
            return items.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// For the consumer: stop the producer at its next `put`.
    public func cancel() {
        condition.lock()
        cancelled = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the producer has called `finish`.
    public func waitUntilFinished() {
        condition.lock()
        while !finished {
            condition.wait()
        }
        condition.unlock()
    }
}
