import UDFJSON
import UDFLog

/// The writer thread's encoders: states go through an incremental encoder
/// and redaction, so a step costs what changed; actions are small and are
/// encoded plainly, and redacted with the verdict for each key remembered
/// (deciding one costs Foundation string searches).
final class StepEncodingContext {
    private let stateEncoder = IncrementalJSONEncoder()
    private let stateRedaction: IncrementalRedaction
    private let actionRedaction: IncrementalRedaction

    init(redactor: Redactor) {
        stateRedaction = IncrementalRedaction(redactor: redactor)
        actionRedaction = IncrementalRedaction(redactor: redactor)
    }

    /// The next state of the recorded stream, redacted.
    func state<State: Encodable>(_ state: State) throws -> JSONValue {
        stateRedaction.redact(try stateEncoder.encode(state))
    }

    /// An action, unredacted and redacted.
    func action<Action: Encodable>(_ action: Action) throws -> (raw: JSONValue, redacted: JSONValue) {
        let raw = try JSONValueEncoder().encode(action)
        return (raw, actionRedaction.redactAlone(raw))
    }
}
