/// One exported step: renumbered and redacted again, with how the file
/// stores it when redaction left it as recorded.
public struct SharedStep: Sendable {
    public let input: StepInput
    /// Nil when redaction changed the state.
    public let stored: StoredState?
    /// The action's canonical text, when the stored text is exactly that:
    /// canonical, and left as recorded by redaction. A writer copies it
    /// instead of writing the action again.
    public let actionText: [UInt8]?

    public init(_ input: StepInput, stored: StoredState? = nil, actionText: [UInt8]? = nil) {
        self.input = input
        self.stored = stored
        self.actionText = actionText
    }
}
