import Foundation
import UDFJSON

/// One step as JSON: what imports, replays and exports hand a
/// `RecordingWriter`. The writer treats it as a `HostStep` whose values are
/// already JSON, so it goes through the same pipeline.
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
