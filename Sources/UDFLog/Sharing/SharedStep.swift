/// One exported step: renumbered and redacted again, with how the file
/// stores it when redaction left it as recorded.
public struct SharedStep: Sendable {
    public let input: StepInput
    /// Nil when redaction changed the state.
    public let stored: StoredState?

    public init(_ input: StepInput, stored: StoredState? = nil) {
        self.input = input
        self.stored = stored
    }
}
