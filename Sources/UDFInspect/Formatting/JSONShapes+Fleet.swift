import UDFJSON
import UDFLog

/// The `--json` rows of commands over many recordings, documented in
/// docs/cli.md: each names its file and its session.
extension JSONShapes {
    static func fleetSession(file: String, _ session: SessionInfo) -> JSONValue {
        guard case .object(var object) = JSONShapes.session(session) else { return .null }
        object["file"] = .string(file)
        return .object(object)
    }

    static func fleetStep(file: String, session: SessionInfo, timeline: TimelineInfo, _ step: StepSummary) -> JSONValue {
        .object([
            "file": .string(file),
            "session": .number(JSONNumber(session.id)),
            "sessionUUID": .string(session.identity.uuid),
            "timeline": .string(timeline.name),
            "step": JSONShapes.step(step, on: timeline),
        ])
    }

    static func fleetStats(file: String, session: SessionInfo, timeline: TimelineInfo, _ statistics: TimelineStatistics) -> JSONValue {
        guard case .object(var object) = JSONShapes.stats(statistics, session: session, timeline: timeline) else { return .null }
        object["file"] = .string(file)
        object["sessionUUID"] = .string(session.identity.uuid)
        return .object(object)
    }
}
