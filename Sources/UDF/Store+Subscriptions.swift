extension Store {
    /// Calls `observer` with the current state now, and again after every change.
    ///
    /// A change is an action that reached the reducer, or an undo, redo or jump.
    /// Observers are called on the main actor in the order they subscribed. An action
    /// an observer sends while the store is processing is buffered.
    ///
    /// - Returns: A token for ``unsubscribe(_:)``.
    public func subscribe(_ observer: @escaping @MainActor (State) -> Void) -> Subscription {
        let subscription = Subscription(id: nextSubscriptionID)
        nextSubscriptionID += 1
        subscribers[subscription] = observer
        subscriberOrder.append(subscription)
        observer(storedState)
        return subscription
    }

    /// Stops calling the observer behind `subscription`; unknown tokens are ignored.
    public func unsubscribe(_ subscription: Subscription) {
        guard subscribers.removeValue(forKey: subscription) != nil else { return }
        subscriberOrder.removeAll { $0 == subscription }
    }

    @inlinable
    func notifySubscribers() {
        // A snapshot, because observers may subscribe or unsubscribe while being notified.
        for subscription in subscriberOrder {
            // Passing the state as it is now, not as it was when the loop began, means
            // the last value each observer sees is the current one, even when another
            // observer changed the state in between.
            subscribers[subscription]?(storedState)
        }
    }
}
