import UDFJSON

extension RecordedTimeline {
    /// The recorded initial state decoded into the host's type.
    ///
    /// - Throws: ``RecordedTimelineError/stateMismatch(step:type:reason:)``
    ///   when it does not decode.
    func decodedInitialState<State: Decodable>(as type: State.Type) throws(RecordedTimelineError) -> State {
        do {
            return try JSONValueDecoder().decode(State.self, from: initialState)
        } catch {
            throw .stateMismatch(step: firstStep, type: String(describing: State.self), reason: "\(error)")
        }
    }
}
