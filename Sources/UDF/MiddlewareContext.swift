/// What a ``Middleware`` can see of, and do to, the store while it handles an action.
@MainActor
public struct MiddlewareContext<State, Action: Sendable> {
    // Weak so that a middleware that keeps its context in a task cannot keep a
    // dismissed store, and its effects, alive.
    @usableFromInline weak var store: Store<State, Action>?
    @usableFromInline let stateWhenCreated: State
    @usableFromInline let record: ActionRecord<Action>

    @inlinable
    init(store: Store<State, Action>, record: ActionRecord<Action>) {
        self.store = store
        self.stateWhenCreated = store.storedState
        self.record = record
    }

    /// The store's current state: the state before the action until `next` returns, then the state after it.
    ///
    /// Once the store is gone, this is the state it had when the action entered the chain.
    public var state: State {
        store?.storedState ?? stateWhenCreated
    }

    /// The cause of the action being dispatched: the step of the action whose effect or
    /// middleware sent it, or `nil` for an action sent from outside the store.
    public var cause: Int? {
        record.cause
    }

    /// Sends a new action to the store.
    ///
    /// The action is buffered and processed after the current action's middleware
    /// chain completes. Its cause is the step assigned to the action being processed,
    /// or, if that action was swallowed and got no step, that action's own cause.
    /// A context kept past the chain, for example by a middleware that does async work
    /// in a task, may still dispatch: the action is then processed at once, with the
    /// same cause. It does nothing once the store is gone.
    public func dispatch(_ action: Action) {
        store?.dispatch(action, from: record)
    }
}
