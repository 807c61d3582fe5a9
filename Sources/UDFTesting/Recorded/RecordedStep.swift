import UDFDiff
import UDFJSON

/// One step of a ``RecordedTimeline``: the action, who sent it, and the
/// state the recording holds after it.
public struct RecordedStep: Sendable, Equatable {
    /// Who sent the action.
    public enum Origin: Sendable, Equatable {
        /// Sent from outside the store: a user, or an effect that started
        /// before the recorded range. A test sends it.
        case sent
        /// Sent by the effect of the step `cause`. A test store receives it.
        case received(cause: Int)
    }

    public let step: Int
    /// The action as the recording holds it: redacted values stay `"<redacted>"`.
    public let action: JSONValue
    public let origin: Origin
    /// The recorded state after the action.
    public let state: JSONValue
    /// The recorded change: the patch from the state before this step to ``state``.
    public let change: JSONPatch
}
