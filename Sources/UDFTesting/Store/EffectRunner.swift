import UDF
import UDFJSON

/// Runs the effects that a ``TestStore``'s reducer returns, and holds the
/// actions they send until the test receives them.
///
/// The effects run inside a UDF `Store`, so `.run`, `.send`, `.merge`,
/// cancellation and causes behave exactly as in the app. That store's
/// reducer only hands back the effect it is given: the test store owns the
/// state, and an action an effect sends is reduced when a test receives it,
/// not when it arrives.
@MainActor
final class EffectRunner<Action: Encodable & Sendable> {
    /// Actions effects sent and no test received yet, oldest first.
    private(set) var received: [ReceivedAction<Action>] = []
    /// Unfinished sends per test step: each covers one action's effects.
    private var running: [Int: [Int: StoreTask]] = [:]
    private var nextTaskID = 0
    private var store: Store<Int, Action>?
    private var pendingEffect: Effect<Action>?
    private var pendingStep = 0
    /// The inner store numbers its own steps; causes are mapped back to the test's.
    private var testSteps: [Int: Int] = [:]

    init() {
        let reducer = Reducer<Int, Action> { [weak self] _, _ in
            MainActor.assumeIsolated { self?.takeEffect() ?? .none }
        }
        let observer = Middleware<Int, Action>.observing { [weak self] transition in
            self?.observe(transition)
        }
        store = Store(initialState: 0, reducer: reducer, middleware: [observer], historyLimit: 0)
    }

    /// The test steps whose effects are still running, ascending.
    var runningSteps: [Int] {
        running.keys.sorted()
    }

    /// Starts `effect`, which the reducer returned for `action` at `step`.
    func run(_ effect: Effect<Action>, for action: Action, step: Int) {
        guard let store else { return }
        pendingEffect = effect
        pendingStep = step
        let task = store.send(action)
        pendingEffect = nil
        let id = nextTaskID
        nextTaskID += 1
        running[step, default: [:]][id] = task
        Task { [weak self] in
            await task.finish()
            self?.settle(step, id: id)
        }
    }

    /// Removes and returns the oldest received action that `matches`,
    /// waiting up to `timeout` for running effects to send one.
    func take(matching matches: (ReceivedAction<Action>) -> Bool, timeout: Duration) async -> ReceivedAction<Action>? {
        var found: Int?
        await wait(timeout: timeout) {
            found = received.firstIndex(where: matches)
            return found != nil
        }
        guard let index = found else { return nil }
        return received.remove(at: index)
    }

    /// Waits until `done` holds, no effect is running, or `timeout` passes.
    func wait(timeout: Duration, until done: () -> Bool = { false }) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        // Effects deliver on the main actor, so the wait must suspend, not spin.
        while !done(), !running.isEmpty, clock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    func dropReceived() {
        received.removeAll()
    }

    func cancelRunning() {
        for tasks in running.values {
            for task in tasks.values { task.cancel() }
        }
        running.removeAll()
    }

    private func takeEffect() -> Effect<Action> {
        defer { pendingEffect = nil }
        return pendingEffect ?? .none
    }

    private func observe(_ transition: Transition<Int, Action>) {
        guard let cause = transition.cause else {
            testSteps[transition.step] = pendingStep
            return
        }
        let json: JSONValue
        switch CanonicalComparison.encode(transition.action) {
        case .success(let value): json = value
        case .failure(let error): json = .string("<\(Action.self) does not encode: \(error)>")
        }
        received.append(ReceivedAction(action: transition.action, json: json, cause: testSteps[cause] ?? cause))
    }

    private func settle(_ step: Int, id: Int) {
        running[step]?[id] = nil
        if running[step]?.isEmpty == true { running[step] = nil }
    }
}
