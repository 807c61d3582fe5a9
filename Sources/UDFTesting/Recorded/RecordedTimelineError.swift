/// Why a recorded timeline cannot be read, or does not fit the host's types.
public enum RecordedTimelineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The literals are not what `udf-inspect testgen` writes; the payload is the whole message.
    case invalidData(String)
    /// A recorded action does not decode into the host's action type.
    case actionMismatch(step: Int, type: String, reason: String)
    /// A recorded state does not decode into the host's state type.
    case stateMismatch(step: Int, type: String, reason: String)
    /// A redacted step's recorded change does not apply to the state.
    case changeMismatch(step: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidData(let message):
            message
        case .actionMismatch(let step, let type, let reason):
            "the action at step \(step) does not decode into \(type): \(reason)"
        case .stateMismatch(let step, let type, let reason):
            "the state at step \(step) does not decode into \(type): \(reason)"
        case .changeMismatch(let step, let reason):
            "step \(step) was redacted, and its recorded change does not apply to the state: \(reason)"
        }
    }
}
