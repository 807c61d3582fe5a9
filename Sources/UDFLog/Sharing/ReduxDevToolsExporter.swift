import Foundation
import UDFJSON

/// Writes a timeline as the lifted state that Redux DevTools imports.
///
/// Action id `n` is step `n`: id 0 is Redux's `@@INIT` with step 0's state.
/// An action `{"addTodo":{"_0":"Buy milk"}}` becomes
/// `{"type":"addTodo","_0":"Buy milk"}`; a payload that is not an object goes
/// under `payload`. Steps marked skipped are listed in `skippedActionIds`.
public enum ReduxDevToolsExporter {
    /// The type Redux DevTools gives its first, initial action.
    public static let initActionType = "@@INIT"

    public static func export(_ timeline: SharedTimeline) -> JSONValue {
        var actionsById: [String: JSONValue] = [:]
        var computedStates: [JSONValue] = []
        var skipped: [JSONValue] = []
        for step in timeline.steps {
            let action: JSONValue = step.step == 0 ? ["type": .string(initActionType)] : reduxAction(step)
            actionsById[String(step.step)] = [
                "action": action,
                "timestamp": .number(JSONNumber(exactly: Int64((step.time.timeIntervalSince1970 * 1000).rounded()))),
                "type": "PERFORM_ACTION",
            ]
            computedStates.append(["state": step.state])
            if SharedTimeline.isSkipped(step) {
                skipped.append(.number(JSONNumber(step.step)))
            }
        }
        let count = timeline.steps.count
        return [
            "actionsById": .object(actionsById),
            "computedStates": .array(computedStates),
            "committedState": timeline.steps.first?.state ?? .null,
            "currentStateIndex": .number(JSONNumber(max(count - 1, 0))),
            "nextActionId": .number(JSONNumber(count)),
            "stagedActionIds": .array((0..<count).map { .number(JSONNumber($0)) }),
            "skippedActionIds": .array(skipped),
            "isLocked": false,
            "isPaused": false,
            // Redux DevTools' IMPORT_STATE takes monitorState from the file too.
            "monitorState": [:],
        ]
    }

    /// A Redux action, `{type, …payload}`, for one of our steps.
    static func reduxAction(_ step: some StepHeader) -> JSONValue {
        guard var members = step.action?.objectValue else {
            return ["type": .string(step.actionName ?? "action"), "payload": step.action ?? .null]
        }
        members[SharedTimeline.skippedMarker] = nil
        // An action imported from Redux already has its type.
        if members["type"]?.stringValue != nil {
            return .object(members)
        }
        if members.count == 1, let (name, payload) = members.first {
            if var fields = payload.objectValue, fields["type"] == nil {
                fields["type"] = .string(name)
                return .object(fields)
            }
            return ["type": .string(name), "payload": payload]
        }
        return ["type": .string(step.actionName ?? "action"), "payload": .object(members)]
    }
}
