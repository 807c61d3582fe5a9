/// A token for a ``Store`` subscription, used to unsubscribe.
public struct Subscription: Hashable, Sendable {
    let id: UInt64
}
