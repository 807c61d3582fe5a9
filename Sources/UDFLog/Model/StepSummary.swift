import Foundation
import UDFJSON

/// A step's metadata: everything but its state.
public struct StepSummary: Sendable, Equatable {
    public let step: Int
    /// The timeline that stores the row: the timeline itself, or an ancestor for inherited steps.
    public let timelineID: Int
    public let time: Date
    /// The action, redacted; nil at step 0.
    public let action: JSONValue?
    /// The enum case of the action, for example `addTodo`; nil at step 0.
    public let actionName: String?
    /// The step whose effect sent this action, or nil for a user or system action.
    public let cause: Int?
    /// How long the reducer ran, in nanoseconds.
    public let reducerNanoseconds: Int?
    public let stateHash: String
    /// Bytes of the canonical state.
    public let stateSize: Int
    public let isKeyframe: Bool
}
