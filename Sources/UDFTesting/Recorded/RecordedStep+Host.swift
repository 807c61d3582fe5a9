import UDFDiff
import UDFJSON

extension RecordedStep {
    /// The action decoded into the host's type, or nil when it was redacted
    /// and no longer decodes: such a step cannot be re-run.
    ///
    /// - Throws: ``RecordedTimelineError/actionMismatch(step:type:reason:)``
    ///   for an action that holds no redaction and still does not decode.
    func decodedAction<Action: Decodable>(as type: Action.Type) throws(RecordedTimelineError) -> Action? {
        do {
            return try JSONValueDecoder().decode(Action.self, from: action)
        } catch {
            if action.holdsRedaction { return nil }
            throw .actionMismatch(step: step, type: String(describing: Action.self), reason: "\(error)")
        }
    }

    /// `state` with this step's recorded change applied, as `udf-inspect
    /// replay` does for a redacted action.
    func reapplyingChange<State: Codable>(to state: State) throws(RecordedTimelineError) -> State {
        let encoded: JSONValue
        do {
            encoded = try JSONValueEncoder().encode(state)
        } catch {
            throw .changeMismatch(step: step, reason: "the state does not encode: \(error)")
        }
        let changed: JSONValue
        do {
            changed = try change.apply(to: encoded)
        } catch {
            throw .changeMismatch(step: step, reason: "\(error)")
        }
        do {
            return try JSONValueDecoder().decode(State.self, from: changed)
        } catch {
            throw .stateMismatch(step: step, type: String(describing: State.self), reason: "\(error)")
        }
    }
}
