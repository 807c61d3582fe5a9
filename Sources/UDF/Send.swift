/// Sends actions from an asynchronous effect back to its ``Store``.
///
/// Delivery happens on the main actor. Each action carries as its cause the step of
/// the action whose reducer returned the effect. Sending does nothing once the store
/// is gone or the effect's task is cancelled, so a cancelled effect cannot change state.
///
/// For example:
///
/// ```swift
/// return .run { send in
///     let todos = try await api.fetchTodos()
///     await send(.todosLoaded(todos))
/// }
/// ```
public struct Send<Action: Sendable>: Sendable {
    private let deliver: @MainActor @Sendable (Action) -> Void

    /// Creates a sender that hands each action to `deliver` on the main actor.
    ///
    /// Stores create their own senders; this initializer lets an effect be exercised
    /// without a store, for example in a test.
    public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
        self.deliver = deliver
    }

    /// Sends `action` to the store, unless the current task is cancelled.
    public func callAsFunction(_ action: Action) async {
        guard !Task.isCancelled else { return }
        await deliverIfNotCancelled(action)
    }

    @MainActor
    private func deliverIfNotCancelled(_ action: Action) {
        // The task may have been cancelled while it waited for the main actor.
        guard !Task.isCancelled else { return }
        deliver(action)
    }
}
