import Foundation
import UDFJSON

/// One exported step with its state as canonical text alone: what
/// `Recording.walkSharedStateTexts` hands on, for writers that copy states
/// as text (`json` with states, `redux`).
public struct SharedStepText: StepHeader, Sendable {
    public let step: Int
    public let time: Date
    public let action: JSONValue?
    public let actionName: String?
    public let cause: Int?
    public let reducerNanoseconds: Int?
    /// The state's canonical text, redacted.
    public let canonicalState: [UInt8]
    /// Nil when redaction changed the state.
    public let stored: StoredState?
    /// The action's canonical text, when the stored text is exactly that.
    public let actionText: [UInt8]?
}
