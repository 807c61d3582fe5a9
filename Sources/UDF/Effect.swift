/// A description of work for the ``Store`` to do after a reducer ran.
///
/// Effects are values: a reducer builds them and returns them, and only the store
/// interprets them. This keeps reducers pure and makes effects easy to inspect.
///
/// For example:
///
/// ```swift
/// case .submit:
///     state.isLoading = true
///     let credentials = (state.email, state.password)
///     return .run { send in
///         let result = await login(credentials)
///         await send(.loginResponse(result))
///     }
///     .cancellable(id: "login", cancelInFlight: true)
/// ```
public struct Effect<Action: Sendable>: Sendable {
    /// The shape of an effect, interpreted by the store.
    @usableFromInline
    indirect enum Operation: Sendable {
        case none
        case send(Action)
        case run(@Sendable (Send<Action>) async throws -> Void)
        case merge([Effect])
        case cancellable(Effect, id: EffectID, cancelInFlight: Bool)
        case cancel(id: EffectID)
    }

    @usableFromInline let operation: Operation

    /// Whether the effect does nothing: most reducers' answer, which the store skips.
    @inlinable
    var isNone: Bool {
        if case .none = operation { true } else { false }
    }

    @usableFromInline
    init(_ operation: Operation) {
        self.operation = operation
    }

    /// An effect that does nothing.
    @inlinable
    public static var none: Effect {
        Effect(.none)
    }

    /// An effect that sends `action` back to the store synchronously.
    ///
    /// The action is buffered and processed after the action whose reducer returned
    /// this effect, before the outermost `send` returns. Its cause is the step of
    /// that action.
    public static func send(_ action: Action) -> Effect {
        Effect(.send(action))
    }

    /// An effect that runs asynchronous work in a task and may send actions back.
    ///
    /// Actions sent through `send` carry as their cause the step of the action whose
    /// reducer returned this effect.
    ///
    /// Errors thrown by `operation` go to `handler`, which may send an action
    /// that reports them; they never throw into the store. Without a handler
    /// they are dropped. A `CancellationError` from a cancelled effect is not
    /// an error to report, so it never reaches the handler.
    public static func run(
        _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
        catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil
    ) -> Effect {
        guard let handler else { return Effect(.run(operation)) }
        return Effect(.run { send in
            do {
                try await operation(send)
            } catch is CancellationError where Task.isCancelled {
                return
            } catch {
                await handler(error, send)
            }
        })
    }

    /// An effect that runs all of `effects`, in order for the synchronous parts.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// An effect that runs all of `effects`, in order for the synchronous parts.
    public static func merge(_ effects: [Effect]) -> Effect {
        let meaningful = effects.filter {
            if case .none = $0.operation { return false }
            return true
        }
        switch meaningful.count {
        case 0: return .none
        case 1: return meaningful[0]
        default: return Effect(.merge(meaningful))
        }
    }

    /// Marks the asynchronous work of this effect as cancellable under `id`.
    ///
    /// - Parameters:
    ///   - id: The identifier that a later ``cancel(id:)`` uses.
    ///   - cancelInFlight: When `true`, work already in flight under `id` is cancelled
    ///     before this effect starts, so that only the newest one runs.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        Effect(.cancellable(self, id: EffectID(id), cancelInFlight: cancelInFlight))
    }

    /// An effect that cancels all work in flight under `id`.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(.cancel(id: EffectID(id)))
    }
}
