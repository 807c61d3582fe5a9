import Foundation
import Observation

/// The single source of truth: holds the state, runs actions through middleware and the
/// reducer, interprets effects, and keeps an in-memory history for undo, redo and jump.
///
/// For example:
///
/// ```swift
/// let store = Store(initialState: LoginState(), reducer: loginReducer)
/// store.send(.emailChanged("ada@example.com"))
/// await store.send(.submit).finish()
/// ```
///
/// ## Steps and causes
///
/// Every action that reaches the reducer is assigned the next step number. The initial
/// state is step `initialStep` (0 by default). Steps never repeat, even after an undo.
/// An action's cause is the step of the action whose effect or middleware dispatch sent
/// it, or `nil` for an action sent through ``send(_:)``.
///
/// ## Re-entrant send
///
/// An action sent while another is being processed, whether from a middleware's
/// ``MiddlewareContext/dispatch(_:)``, from a subscriber, from a `.send` effect, or by
/// calling ``send(_:)`` again, is buffered, never reduced in the middle of another
/// action. Buffered actions are processed in FIFO order, before the outermost
/// ``send(_:)`` returns. Processing one action runs these phases in order:
///
/// 1. The middleware chain, with the reducer at its centre. Dispatches are buffered.
/// 2. Its effects, in order: `.send` actions are buffered, `.run` effects start tasks,
///    `.cancel` effects cancel.
/// 3. Subscribers are notified, if the action reached the reducer.
///
/// So an action's `.send` effects are processed right after it, behind anything its
/// middleware dispatched. Actions sent by `.run` effects arrive later, on the main actor,
/// each one processed like a fresh ``send(_:)`` but carrying its cause.
///
/// ## Effects and cancellation
///
/// `.run` effects run in tasks. `.cancellable(id:)` registers those tasks under an id,
/// `.cancel(id:)` cancels them, and `cancelInFlight: true` cancels earlier ones first.
/// Deinitializing the store cancels every effect in flight, and a cancelled effect can no
/// longer send actions.
///
/// ## History
///
/// The store keeps the last `historyLimit + 1` states, so that up to `historyLimit`
/// undos are possible; older states are dropped. ``undo()``, ``redo()`` and
/// ``jump(to:)`` move the current state within that window. They are not actions: they
/// do not go through middleware or the reducer and get no step, but they do notify
/// subscribers and observers. Sending an action after an undo drops the redo future,
/// as an editor does.
@MainActor
public final class Store<State, Action: Sendable> {
    // The path of `send` is `@inlinable`, and what it touches
    // `@usableFromInline`: compiled into the host's module, it is specialized
    // for the host's state and action. Run generically from this module, a
    // quarter of every send went to looking up generic type metadata.

    @usableFromInline
    struct HistoryEntry {
        @usableFromInline let step: Int
        @usableFromInline let state: State

        @usableFromInline
        init(step: Int, state: State) {
            self.step = step
            self.state = state
        }
    }

    @usableFromInline
    enum PendingCause {
        case known(Int?)
        case parent(ActionRecord<Action>)
    }

    @usableFromInline
    struct PendingAction {
        @usableFromInline let action: Action
        @usableFromInline let cause: PendingCause
        @usableFromInline let task: StoreTaskBox

        @usableFromInline
        init(action: Action, cause: PendingCause, task: StoreTaskBox) {
            self.action = action
            self.cause = cause
            self.task = task
        }
    }

    @usableFromInline let registrar = ObservationRegistrar()

    // A generic class's key paths are built by the runtime each time a literal
    // is evaluated; made once per store, they cost nothing per send.
    @usableFromInline let stateKeyPath: KeyPath<Store, State> = \.state
    @usableFromInline let stepKeyPath: KeyPath<Store, Int> = \.step
    @usableFromInline let historyKeyPath: KeyPath<Store, [Int]> = \.historySteps

    @usableFromInline let reducer: Reducer<State, Action>
    /// The chain's leading observers, innermost first. They only watch, so the
    /// store calls them with the transition the rest of the chain returns
    /// instead of nesting the chain inside each.
    @usableFromInline let outerObservers: [Middleware<State, Action>.Observer]
    /// The chain after those observers.
    @usableFromInline let middleware: [Middleware<State, Action>]
    private let effects = EffectRegistry()
    @usableFromInline var pending: [PendingAction] = []
    @usableFromInline var isProcessing = false

    @usableFromInline var storedState: State
    @usableFromInline var storedStep: Int
    @usableFromInline var history: HistoryBuffer<HistoryEntry>
    @usableFromInline var historyIndex: Int
    /// How many undos the in-memory history allows: it keeps this many
    /// states besides the current one.
    public let historyLimit: Int
    @usableFromInline var subscribers: [Subscription: @MainActor (State) -> Void] = [:]
    @usableFromInline var subscriberOrder: [Subscription] = []
    var nextSubscriptionID: UInt64 = 0

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - initialState: The state at `initialStep`.
    ///   - reducer: The reducer that evolves the state.
    ///   - middleware: Middleware around the reducer; the first is the outermost.
    ///   - historyLimit: How many undos the in-memory history allows. A negative
    ///     value counts as 0.
    ///   - initialStep: The step of `initialState`, so that a store resumed from a
    ///     recording continues its numbering. The first action gets `initialStep + 1`.
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        middleware: [Middleware<State, Action>] = [],
        historyLimit: Int = 1_000,
        initialStep: Int = 0
    ) {
        self.storedState = initialState
        self.storedStep = initialStep
        self.reducer = reducer
        let leading = middleware.prefix { $0.observer != nil }
        self.outerObservers = leading.compactMap(\.observer).reversed()
        self.middleware = Array(middleware.dropFirst(leading.count))
        self.historyLimit = max(0, historyLimit)
        self.history = HistoryBuffer(capacity: max(0, historyLimit) + 1, first: HistoryEntry(step: initialStep, state: initialState))
        self.historyIndex = 0
    }

    deinit {
        effects.cancelAll()
    }

    /// The current state.
    public var state: State {
        registrar.access(self, keyPath: stateKeyPath)
        return storedState
    }

    /// Sets `state`, telling its observers.
    @inlinable
    func replaceState(with newValue: State) {
        registrar.withMutation(of: self, keyPath: stateKeyPath) {
            storedState = newValue
        }
    }

    /// The last step assigned to an action, or `initialStep` before any action.
    ///
    /// Undo does not lower it: steps are never reused.
    public var step: Int {
        registrar.access(self, keyPath: stepKeyPath)
        return storedStep
    }

    /// Sets `step`, telling its observers.
    @inlinable
    func replaceStep(with newValue: Int) {
        registrar.withMutation(of: self, keyPath: stepKeyPath) {
            storedStep = newValue
        }
    }

    /// Sends an action to the store.
    ///
    /// If the store is already processing an action, `action` is buffered and processed
    /// before the outermost `send` returns; see "Re-entrant send" above.
    ///
    /// - Returns: A handle on the effects this action starts.
    @discardableResult
    @inlinable
    public func send(_ action: Action) -> StoreTask {
        let task = StoreTaskBox()
        enqueue(PendingAction(action: action, cause: .known(nil), task: task))
        return StoreTask(box: task)
    }

    /// Waits until no effect is in flight, including effects started while waiting.
    ///
    /// Meant for command-line tools, demos and tests. It never returns while an effect
    /// runs forever.
    public func settle() async {
        while true {
            let tasks = effects.inFlight
            if tasks.isEmpty {
                return
            }
            for task in tasks {
                await task.value
            }
        }
    }

    func dispatch(_ action: Action, from record: ActionRecord<Action>) {
        enqueue(PendingAction(action: action, cause: .parent(record), task: record.task))
    }

    @inlinable
    func enqueue(_ action: PendingAction) {
        pending.append(action)
        guard !isProcessing else { return }
        isProcessing = true
        var index = 0
        while index < pending.count {
            let next = pending[index]
            index += 1
            process(next)
        }
        pending.removeAll(keepingCapacity: true)
        isProcessing = false
    }

    @inlinable
    func process(_ action: PendingAction) {
        let cause: Int?
        switch action.cause {
        case .known(let known):
            cause = known
        case .parent(let parent):
            cause = parent.causeForChildren
        }
        let record = ActionRecord<Action>(cause: cause, task: action.task)
        let context = MiddlewareContext(store: self, record: record)
        if let transition = runChain(from: 0, action: action.action, context: context) {
            for observer in outerObservers {
                observer(transition)
            }
        }
        for (step, effect) in record.effects where !effect.isNone {
            interpret(effect, step: step, task: record.task, ids: [])
        }
        if record.firstStep != nil {
            notifySubscribers()
        }
    }

    @inlinable
    func runChain(
        from index: Int,
        action: Action,
        context: MiddlewareContext<State, Action>
    ) -> Transition<State, Action>? {
        guard index < middleware.count else {
            return reduce(action, record: context.record)
        }
        switch middleware[index].kind {
        case .observing(let observer):
            guard let transition = runChain(from: index + 1, action: action, context: context) else { return nil }
            observer(transition)
            return transition
        case .wrapping(let handle):
            var transition: Transition<State, Action>?
            handle(context, action) { action in
                transition = runChain(from: index + 1, action: action, context: context)
                return transition
            }
            return transition
        }
    }

    @inlinable
    func reduce(_ action: Action, record: ActionRecord<Action>) -> Transition<State, Action> {
        let stateBefore = storedState
        var stateAfter = stateBefore
        let timestamp = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let effect = reducer.reduce(into: &stateAfter, action: action)
        let reducerDuration = start.duration(to: clock.now)

        let assigned = storedStep + 1
        replaceStep(with: assigned)
        record.reduced(step: assigned, effect: effect)
        replaceState(with: stateAfter)
        appendToHistory(HistoryEntry(step: assigned, state: stateAfter))

        return Transition(
            step: assigned,
            cause: record.cause,
            action: action,
            stateBefore: stateBefore,
            stateAfter: stateAfter,
            timestamp: timestamp,
            reducerDuration: reducerDuration
        )
    }

    @usableFromInline
    func interpret(_ effect: Effect<Action>, step: Int, task: StoreTaskBox, ids: [EffectID]) {
        switch effect.operation {
        case .none:
            break
        case .send(let action):
            pending.append(PendingAction(action: action, cause: .known(step), task: task))
        case .run(let operation):
            start(operation, step: step, task: task, ids: ids)
        case .merge(let effects):
            for effect in effects {
                interpret(effect, step: step, task: task, ids: ids)
            }
        case .cancellable(let inner, let id, let cancelInFlight):
            if cancelInFlight {
                effects.cancel(id: id)
            }
            interpret(inner, step: step, task: task, ids: ids + [id])
        case .cancel(let id):
            effects.cancel(id: id)
        }
    }

    private func start(
        _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
        step: Int,
        task: StoreTaskBox,
        ids: [EffectID]
    ) {
        // The sender holds the store weakly so that an effect never keeps its store alive.
        let send = Send<Action> { [weak self] action in
            self?.enqueue(PendingAction(action: action, cause: .known(step), task: task))
        }
        let started = effects.start(ids: ids) { key, deregister in
            // Main-actor isolated so that the body, and its removal from `task`, cannot
            // run before this synchronous method has added it to `task`.
            Task { @MainActor in
                defer {
                    deregister()
                    task.remove(key: key)
                }
                try? await operation(send)
            }
        }
        task.add(started.task, key: started.key)
    }
}

extension Store: Observable {}
