import UDFJSON
import UDFLog

/// The `--json` shapes, documented in docs/cli.md. One place, so every
/// command prints a session, a timeline or a step the same way.
enum JSONShapes {
    static func session(_ session: SessionInfo) -> JSONValue {
        .object([
            "id": .number(JSONNumber(session.id)),
            "app": .string(session.app),
            "startedAt": .string(TimeFormat.iso(session.startedAt)),
            "endedAt": session.endedAt.map { .string(TimeFormat.iso($0)) } ?? .null,
            "status": .string(session.status.rawValue),
            "host": .string(session.host),
            "pid": .number(JSONNumber(session.pid)),
            "steps": .number(JSONNumber(session.stepCount)),
            "uuid": .string(session.identity.uuid),
            "uuidDerived": .bool(session.identity.isDerived),
            "appVersion": session.appVersion.map(JSONValue.string) ?? .null,
            "os": session.operatingSystem.map(JSONValue.string) ?? .null,
        ])
    }

    static func timeline(_ timeline: TimelineInfo, parentName: String?) -> JSONValue {
        .object([
            "name": .string(timeline.name),
            "parent": parentName.map(JSONValue.string) ?? .null,
            "forkStep": timeline.forkStep.map { .number(JSONNumber($0)) } ?? .null,
            "firstOwnStep": .number(JSONNumber(timeline.firstOwnStep)),
            "lastStep": .number(JSONNumber(timeline.lastStep)),
            "steps": .number(JSONNumber(timeline.stepCount)),
        ])
    }

    /// A step without its state. `inherited` is true when an ancestor timeline stores it.
    static func step(_ summary: StepSummary, on timeline: TimelineInfo) -> JSONValue {
        .object([
            "step": .number(JSONNumber(summary.step)),
            "time": .string(TimeFormat.iso(summary.time)),
            "action": summary.action ?? .null,
            "actionName": summary.actionName.map(JSONValue.string) ?? .null,
            "cause": summary.cause.map { .number(JSONNumber($0)) } ?? .null,
            "reducerNanoseconds": summary.reducerNanoseconds.map { .number(JSONNumber($0)) } ?? .null,
            "stateHash": .string(summary.stateHash),
            "stateSize": .number(JSONNumber(summary.stateSize)),
            "keyframe": .bool(summary.isKeyframe),
            "inherited": .bool(summary.timelineID != timeline.id),
        ])
    }
}

extension Console {
    /// Prints `value` as indented JSON with sorted keys.
    func json(_ value: JSONValue) {
        write(value.prettyText(indent: 2) + "\n")
    }
}
