import UDF
import UDFJSON

/// An exhaustive test store, in the manner of TCA's `TestStore`: every state
/// change must be asserted, and every action an effect sends must be received.
///
/// For example:
///
/// ```swift
/// @MainActor @Test func login() async {
///     let store = TestStore(initialState: LoginState(), reducer: loginReducer)
///     store.send(.submit) { $0.isLoading = true }
///     await store.receive(.response(.success(user)), causedBy: 1) {
///         $0.isLoading = false
///         $0.user = user
///     }
///     await store.finish()
/// }
/// ```
///
/// ## Steps and causes
///
/// The initial state is step `initialStep`; each action sent or received
/// takes the next step, as in a recording. An action an effect sends
/// carries its cause: the step whose reducer returned that effect.
///
/// ## Effects
///
/// Effects run for real, inside a UDF `Store`. An action they send is not
/// reduced when it arrives: it waits, in order, until ``receive(_:causedBy:assert:fileID:filePath:line:column:)``
/// takes it, so a test decides where it lands among the actions it sends.
/// `receive` takes the oldest waiting action that matches, waiting up to
/// ``timeout`` for running effects to send one.
///
/// ## What fails
///
/// - A state after `send` or `receive` that differs from the expected one:
///   the state before with the `assert` closure applied. Leaving the
///   closure out asserts that nothing changed.
/// - `receive` when no effect sent a matching action.
/// - ``finish(fileID:filePath:line:column:)`` with actions no one received,
///   or effects still running after ``timeout``. A store released without
///   `finish()` checks for unreceived actions then.
///
/// States and actions are compared by their canonical JSON bytes, never by
/// `==`. A failure's message is the inspector's tree diff, expected (`-`)
/// against actual (`+`), arrays matched by `id`.
@MainActor
public final class TestStore<State: Encodable, Action: Encodable & Sendable> {
    /// The current state: the actual one, after the last action reduced.
    public internal(set) var state: State
    /// The step of the last action reduced, or the initial step.
    public internal(set) var step: Int
    /// How long `receive` and `finish` wait for effects.
    public var timeout: Duration

    /// Ten seconds: it only runs out when an effect never sends what a test
    /// expects, and a test runner that runs many tests at once on a few cores
    /// can keep an effect's task waiting for seconds before it runs at all.
    public static var defaultTimeout: Duration { .seconds(10) }
    public let reporter: FailureReporter

    private let reducer: Reducer<State, Action>
    private let effects = EffectRunner<Action>()
    private let createdAt: TestLocation
    var isFinished = false

    /// Creates a test store.
    ///
    /// - Parameters:
    ///   - initialState: The state at `initialStep`.
    ///   - initialStep: The step of `initialState`; the first action gets the next one.
    ///   - timeout: How long `receive` and `finish` wait for effects; ten seconds by default.
    ///   - reporter: Where failures go; by default Swift Testing, or XCTest outside it.
    public init(
        initialState: State,
        reducer: Reducer<State, Action>,
        initialStep: Int = 0,
        timeout: Duration = TestStore.defaultTimeout,
        reporter: FailureReporter = .automatic,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.state = initialState
        self.step = initialStep
        self.reducer = reducer
        self.timeout = timeout
        self.reporter = reporter
        self.createdAt = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    isolated deinit {
        // A test that forgot `finish()` still learns what it did not receive.
        if !isFinished, let message = unreceivedMessage() {
            reporter.report(message, at: createdAt)
        }
    }

    /// The actions effects sent that no test has received yet, oldest first.
    public var pendingActions: [ReceivedAction<Action>] {
        effects.received
    }

    /// Sends `action` as a user would, runs its effects, and checks the state.
    ///
    /// - Parameter update: The expected change, applied to the state before;
    ///   nil when the action must not change the state.
    public func send(
        _ action: Action,
        assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        reduce(action, shown: Self.text(of: action), expecting: .change(update), at: location)
    }

    /// Receives the oldest action an effect sent that equals `action` (and
    /// came from step `cause`, when given), reduces it, and checks the state.
    public func receive(
        _ action: Action,
        causedBy cause: Int? = nil,
        assert update: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        switch CanonicalComparison.encode(action) {
        case .failure(let error):
            reporter.report("Step \(step + 1): \(Action.self) does not encode: \(error)", at: location)
        case .success(let expected):
            await receive(expected, causedBy: cause, expecting: .change(update), at: location)
        }
    }

    /// Ends the test: waits up to ``timeout`` for running effects, then fails
    /// for every action no one received and every effect still running,
    /// which it cancels.
    public func finish(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        isFinished = true
        await effects.wait(timeout: timeout)
        if let message = unreceivedMessage() {
            reporter.report(message, at: location)
            effects.dropReceived()
        }
        let running = effects.runningSteps
        if !running.isEmpty {
            let steps = running.map(String.init).joined(separator: ", ")
            reporter.report(
                "The test ended while effects of step \(steps) were still running after waiting \(timeout); they were cancelled.",
                at: location
            )
            effects.cancelRunning()
        }
    }

    /// Drops the actions effects sent that no test received, without failing.
    public func skipReceivedActions() {
        effects.dropReceived()
    }

    /// Cancels the effects still running, without failing.
    public func skipInFlightEffects() {
        effects.cancelRunning()
    }

    // MARK: The checks every entry point shares

    /// What the state after an action must be.
    enum Expectation {
        /// The state before, changed by this closure (nil: unchanged).
        case change(((inout State) throws -> Void)?)
        /// This recorded state.
        case recorded(JSONValue)
    }

    /// Reduces `action`, starts its effects and checks the state.
    ///
    /// - Returns: false when the check failed.
    @discardableResult
    func reduce(_ action: Action, shown: String, expecting expectation: Expectation, at location: TestLocation) -> Bool {
        let before = state
        var after = before
        let effect = reducer.reduce(into: &after, action: action)
        step += 1
        state = after
        effects.run(effect, for: action, step: step)
        return check(expectation, before: before, context: "Step \(step) · \(shown)", at: location)
    }

    /// Checks the current state against `expectation`.
    func check(_ expectation: Expectation, before: State, context: String, at location: TestLocation) -> Bool {
        let expected: JSONValue
        let mismatch: String
        switch expectation {
        case .change(let update):
            var wanted = before
            do {
                try update?(&wanted)
            } catch {
                reporter.report("\(context): the expected change threw \(error)", at: location)
                return false
            }
            switch CanonicalComparison.encode(wanted) {
            case .failure(let error):
                reporter.report("\(context): \(State.self) does not encode: \(error)", at: location)
                return false
            case .success(let value):
                expected = value
            }
            mismatch = "the state differs from the expectation (- expected, + actual)"
        case .recorded(let value):
            expected = value
            mismatch = "the state differs from the recording (- recorded, + actual)"
        }
        do {
            try CheckFailure.compare(state, with: expected, context: context, mismatch: mismatch)
            return true
        } catch {
            reporter.report(error.message, at: location)
            return false
        }
    }

    /// Receives the oldest waiting action whose JSON matches `expected`.
    ///
    /// - Returns: false when none came, or the state check failed.
    @discardableResult
    func receive(_ expected: JSONValue, causedBy cause: Int?, expecting expectation: Expectation, at location: TestLocation) async -> Bool {
        let found = await effects.take(matching: { received in
            (cause == nil || received.cause == cause)
                && CanonicalComparison.difference(expected: expected, actual: received.json) == nil
        }, timeout: timeout)
        guard let found else {
            reporter.report(receiveFailure(expected, causedBy: cause), at: location)
            return false
        }
        return reduce(found.action, shown: expected.canonicalText, expecting: expectation, at: location)
    }

    private func receiveFailure(_ expected: JSONValue, causedBy cause: Int?) -> String {
        let context = "Step \(step + 1)"
        let wanted = expected.canonicalText + (cause.map { " from the effect of step \($0)" } ?? "")
        guard let next = effects.received.first else {
            let running = effects.runningSteps
            guard running.isEmpty else {
                let steps = running.map(String.init).joined(separator: ", ")
                return "\(context): expected to receive \(wanted), but no effect sent an action within \(timeout); effects of step \(steps) are still running."
            }
            return "\(context): expected to receive \(wanted), but no effect sent an action."
        }
        guard let difference = CanonicalComparison.difference(expected: expected, actual: next.json) else {
            return "\(context): expected to receive \(wanted), but it came from the effect of step \(next.cause)."
        }
        return "\(context): expected to receive \(wanted), but the next action an effect sent, from step \(next.cause), differs (- expected, + received)\n\(difference)"
    }

    private func unreceivedMessage() -> String? {
        let waiting = effects.received
        guard !waiting.isEmpty else { return nil }
        let count = waiting.count == 1 ? "1 action that an effect sent" : "\(waiting.count) actions that effects sent"
        let lines = waiting.map { "  \($0.json.canonicalText), sent by the effect of step \($0.cause)" }
        return "The test ended with \(count) and no one received:\n" + lines.joined(separator: "\n")
    }

    /// An action as messages show it: its canonical JSON.
    static func text(of action: Action) -> String {
        switch CanonicalComparison.encode(action) {
        case .success(let json): json.canonicalText
        case .failure: String(describing: action)
        }
    }
}
