import Foundation

/// One reduced action: what middleware sees after the reducer ran.
///
/// Step numbers are assigned by the store when the reducer runs. The initial state is
/// step 0 (or the store's `initialStep`), the first action is the step after it, and
/// steps grow monotonically forever: they are never reused, even after an undo.
public struct Transition<State, Action> {
    /// The step number assigned to this action.
    public let step: Int
    /// The step of the action whose effect or middleware dispatch sent this action,
    /// or `nil` for an action sent from outside the store.
    public let cause: Int?
    /// The action the reducer received, after any middleware changed it.
    public let action: Action
    /// The state the reducer started from.
    public let stateBefore: State
    /// The state the reducer produced.
    public let stateAfter: State
    /// The wall-clock time at which the reducer started.
    public let timestamp: Date
    /// How long the reducer ran, measured with `ContinuousClock`.
    public let reducerDuration: Duration

    /// Creates a transition; stores create these, and tests of middleware may too.
    @inlinable
    public init(
        step: Int,
        cause: Int?,
        action: Action,
        stateBefore: State,
        stateAfter: State,
        timestamp: Date,
        reducerDuration: Duration
    ) {
        self.step = step
        self.cause = cause
        self.action = action
        self.stateBefore = stateBefore
        self.stateAfter = stateAfter
        self.timestamp = timestamp
        self.reducerDuration = reducerDuration
    }
}

extension Transition: Sendable where State: Sendable, Action: Sendable {}
