import UDFLog

/// A step waiting in the recorder's queue: the values the store handed over,
/// to be encoded on the writer thread, never on the sender's.
struct PendingStep: Sendable {
    let encode: @Sendable (StepEncodingContext) throws -> StepInput
}
