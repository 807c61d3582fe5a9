/// Code that wraps the store's dispatch of every action, ReSwift style.
///
/// Middleware runs in array order and the FIRST middleware in the array is the
/// OUTERMOST: it sees an action first, and sees the ``Transition`` last. Each
/// middleware receives the action and a `next` function. Calling `next` runs the rest
/// of the chain and then the reducer, and returns the resulting transition, or `nil` if
/// an inner middleware swallowed the action. A middleware may change the action before
/// passing it on, call `next` not at all to swallow it, or dispatch new actions through
/// its ``MiddlewareContext``.
///
/// For example, a logger:
///
/// ```swift
/// let logger = Middleware<AppState, AppAction> { context, action, next in
///     guard let transition = next(action) else { return }
///     print("step \(transition.step): \(transition.action)")
/// }
/// ```
///
/// Calling `next` more than once reduces the action more than once, each time under a
/// new step.
public struct Middleware<State, Action: Sendable>: Sendable {
    @usableFromInline
    typealias Handle = @MainActor @Sendable (
        _ context: MiddlewareContext<State, Action>,
        _ action: Action,
        _ next: (Action) -> Transition<State, Action>?
    ) -> Void

    @usableFromInline
    typealias Observer = @MainActor @Sendable (Transition<State, Action>) -> Void

    /// What the store runs: a wrapper around the rest of the chain, or an
    /// observer the store calls with the transition the rest produced.
    @usableFromInline
    enum Kind: Sendable {
        case wrapping(Handle)
        // Kept apart so the store calls it directly: wrapping it in a `next`
        // closure cost a third of what the recorder adds to every send.
        case observing(Observer)
    }

    @usableFromInline let kind: Kind

    /// The observer, when this middleware only observes.
    var observer: Observer? {
        if case .observing(let observer) = kind { observer } else { nil }
    }

    /// Creates a middleware from a closure that receives the context, the action and `next`.
    public init(
        _ handle: @escaping @MainActor @Sendable (
            _ context: MiddlewareContext<State, Action>,
            _ action: Action,
            _ next: (Action) -> Transition<State, Action>?
        ) -> Void
    ) {
        self.kind = .wrapping(handle)
    }

    /// A middleware that passes every action on unchanged and hands each transition to `observer`.
    ///
    /// This is the shape a recorder needs: it sees the action, both states, the step
    /// and the cause, and changes nothing.
    public static func observing(
        _ observer: @escaping @MainActor @Sendable (Transition<State, Action>) -> Void
    ) -> Middleware {
        Middleware(kind: .observing(observer))
    }

    private init(kind: Kind) {
        self.kind = kind
    }
}
