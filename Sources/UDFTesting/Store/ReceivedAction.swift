import UDFJSON

/// An action that an effect sent to a ``TestStore``, waiting for the test
/// to receive it.
public struct ReceivedAction<Action: Sendable>: Sendable {
    public let action: Action
    /// The action encoded, as checks compare it.
    public let json: JSONValue
    /// The step whose effect sent it.
    public let cause: Int
}
