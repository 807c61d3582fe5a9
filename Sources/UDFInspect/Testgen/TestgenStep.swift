import UDFJSON

/// One recorded step as a generated test holds it: its comment and its JSON line.
struct TestgenStep: Equatable {
    enum Origin: Equatable {
        /// No cause: sent from outside the store.
        case user
        /// Sent by the effect of a step inside the range: the test receives it.
        case effect(cause: Int)
        /// Sent by the effect of a step at or before the range's first: the
        /// effect never runs in the test, so the test sends it.
        case effectBeforeRange(cause: Int)
    }

    /// What the state after the step is checked against.
    enum Expected: Equatable {
        case patch(JSONValue)
        case state(JSONValue)
    }

    let step: Int
    let action: JSONValue
    let actionName: String
    let origin: Origin
    let expected: Expected
    /// Whether the action holds a redacted value: it may no longer decode.
    let isRedacted: Bool

    /// The step as `RecordedTimeline` reads it, one line of JSON.
    var line: String {
        var text = "{\"step\":\(step),"
        switch origin {
        case .user, .effectBeforeRange:
            text += "\"send\":" + action.canonicalText
        case .effect(let cause):
            text += "\"receive\":" + action.canonicalText + ",\"cause\":\(cause)"
        }
        switch expected {
        case .patch(let patch): text += ",\"patch\":" + patch.canonicalText
        case .state(let state): text += ",\"state\":" + state.canonicalText
        }
        return SwiftSourceText.json(text + "}")
    }

    /// The step's comment: its number, its action's name and its cause.
    func comment(effectsRun: Bool) -> String {
        var text = "step \(step) · \(actionName) · "
        switch origin {
        case .user:
            text += "sent by the user"
        case .effect(let cause):
            text += "sent by the effect of step \(cause)" + (effectsRun ? ": received" : ": replayed as recorded")
        case .effectBeforeRange(let cause):
            text += "sent by the effect of step \(cause), before this range: sent here"
        }
        if isRedacted {
            if case .effect = origin, effectsRun {
                text += " · redacted: its redacted values match any value"
            } else {
                text += " · redacted: if it no longer decodes, its recorded change is applied instead"
            }
        }
        return "// " + SwiftSourceText.comment(text)
    }
}
