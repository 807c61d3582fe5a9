import Foundation

/// One step as a host hands it to a `RecordingWriter`: the host's own state
/// and action values, which the writer's `StepEncoder` encodes, redacts and
/// stores, so the host's thread never pays for encoding.
public struct HostStep: Sendable {
    public let step: Int
    public let time: Date
    public let action: (any Encodable & Sendable)?
    /// The action's name; nil to take the enum case from the encoded action.
    public let actionName: String?
    public let cause: Int?
    public let reducerNanoseconds: Int?
    public let state: any Encodable & Sendable
    /// Which of `action` and `state` the host could only hand over by reflection.
    public let reflected: ReflectedParts

    public init(
        step: Int,
        time: Date,
        action: (any Encodable & Sendable)?,
        actionName: String? = nil,
        cause: Int?,
        reducerNanoseconds: Int?,
        state: any Encodable & Sendable,
        reflected: ReflectedParts = []
    ) {
        self.step = step
        self.time = time
        self.action = action
        self.actionName = actionName
        self.cause = cause
        self.reducerNanoseconds = reducerNanoseconds
        self.state = state
        self.reflected = reflected
    }

    /// A step whose values are already JSON.
    public init(_ input: StepInput) {
        self.init(
            step: input.step, time: input.time, action: input.action, actionName: input.actionName,
            cause: input.cause, reducerNanoseconds: input.reducerNanoseconds, state: input.state
        )
    }
}
