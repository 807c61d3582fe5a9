import Foundation
import UDFJSON

/// One step handed to a `RecordingWriter`: already encoded and redacted.
public struct StepInput: Sendable {
    public let step: Int
    public let time: Date
    public let action: JSONValue?
    public let actionName: String?
    public let cause: Int?
    public let reducerNanoseconds: Int?
    public let state: JSONValue

    public init(
        step: Int,
        time: Date,
        action: JSONValue?,
        actionName: String?,
        cause: Int?,
        reducerNanoseconds: Int?,
        state: JSONValue
    ) {
        self.step = step
        self.time = time
        self.action = action
        self.actionName = actionName
        self.cause = cause
        self.reducerNanoseconds = reducerNanoseconds
        self.state = state
    }
}
