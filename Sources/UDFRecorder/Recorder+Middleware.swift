import UDF

extension Recorder {
    /// A middleware that records every action that reaches the reducer.
    ///
    /// Put it first in the store's middleware array to record the actions as
    /// the reducer saw them after every other middleware.
    @inlinable
    public func middleware<State: Encodable & Sendable, Action: Encodable & Sendable>() -> Middleware<State, Action> {
        Middleware.observing { [self] transition in record(transition) }
    }

    /// Records one of our `Store`'s transitions through the store-neutral API.
    ///
    /// The first transition also records the state before it, numbered
    /// `transition.step - 1`, so the recorder's numbers are the store's.
    @inlinable
    public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(_ transition: Transition<State, Action>) {
        queueTransition(transition)
    }
}
