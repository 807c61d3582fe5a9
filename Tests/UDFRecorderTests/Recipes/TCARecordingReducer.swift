import Foundation
import UDFRecorder

// The TCA recipe, as docs/embedding.md shows it. Placed where
// `_printChanges()` goes: `Feature()._record(into: recorder)`.

extension TCA.Reducer {
    /// Records every action this reducer receives and the state after it.
    func _record(into recorder: Recorder) -> TCA._RecordReducer<Self> {
        TCA._RecordReducer(base: self, recorder: recorder)
    }
}

extension TCA {
    struct _RecordReducer<Base: Reducer>: Reducer {
        let base: Base
        let recorder: Recorder

        func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
            let time = Date()
            let started = ContinuousClock.now
            let effect = base.reduce(into: &state, action: action)
            recorder.record(action: action, state: state, time: time, reducerDuration: .now - started)
            return effect
        }
    }
}
