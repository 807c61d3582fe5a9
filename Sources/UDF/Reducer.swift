/// A pure function that evolves state in response to an action and describes the work to do next.
///
/// A reducer does no I/O. It mutates the state it is given and returns an ``Effect``,
/// a value that the ``Store`` interprets after the reducer has returned.
///
/// For example:
///
/// ```swift
/// let counter = Reducer<Int, CounterAction> { count, action in
///     switch action {
///     case .increment:
///         count += 1
///         return .none
///     case .delayedIncrement:
///         return .run { send in await send(.increment) }
///     }
/// }
/// ```
public struct Reducer<State, Action: Sendable>: Sendable {
    private let body: @Sendable (inout State, Action) -> Effect<Action>

    /// Creates a reducer from a closure that mutates the state and returns an effect.
    public init(_ reduce: @escaping @Sendable (inout State, Action) -> Effect<Action>) {
        self.body = reduce
    }

    /// Applies `action` to `state` and returns the effect the store should run.
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body(&state, action)
    }
}
