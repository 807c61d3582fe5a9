import UDFJSON
import UDFLog

/// One action a replay ran, with the state it gave and the recorded step it
/// stands for, if any.
struct ReplayedStep<State> {
    /// The step number on the replayed timeline.
    let step: Int
    let action: JSONValue
    let actionName: String
    let cause: Int?
    let state: State
    /// The state encoded and redacted, as a recorder would store it.
    let stateJSON: JSONValue
    let reducerNanoseconds: Int
    /// The recorded step this one re-runs: nil for an inserted action.
    let recorded: StepSummary?
    /// The recorded state after `recorded`.
    let recordedState: JSONValue?
}
