import Foundation
import UDFDiff
import UDFJSON

/// The documented `udf-timeline` JSON export: session metadata and every
/// step with its action, time, cause and state, or with patches.
///
/// The shape is specified in docs/cli.md, section "Export JSON". Times are
/// Unix seconds as JSON numbers, so they survive a round trip exactly.
public enum TimelineDocument {
    public static let formatName = "udf-timeline"
    public static let version = 1

    /// How each step's state is stored.
    public enum StateEncoding: String, Sendable {
        /// Every step carries its whole `state`.
        case states
        /// Step 0 carries its `state`; every later step a `patch` (RFC 6902) from the previous state.
        case patches
    }

    /// The document for `timeline`, in memory; `TimelineDocumentWriter` streams the same document.
    public static func encode(_ timeline: SharedTimeline, encoding: StateEncoding = .states) -> JSONValue {
        var steps: [JSONValue] = []
        steps.reserveCapacity(timeline.steps.count)
        var previous: JSONValue?
        for step in timeline.steps {
            steps.append(stepObject(step, previous: encoding == .patches ? previous : nil))
            previous = step.state
        }
        return [
            "format": .string(formatName),
            "version": .number(JSONNumber(version)),
            "encoding": .string(encoding.rawValue),
            "session": sessionObject(timeline.session),
            "steps": .array(steps),
        ]
    }

    static func sessionObject(_ session: SharedSession) -> JSONValue {
        var sessionObject: [String: JSONValue] = [
            "app": .string(session.app),
            "host": .string(session.host),
            "startedAt": seconds(session.startedAt),
            "endedAt": session.endedAt.map(seconds) ?? .null,
            "timeline": .string(session.timelineName),
        ]
        if let metadata = session.metadata {
            sessionObject["metadata"] = metadata
        }
        return .object(sessionObject)
    }

    /// One step; with `previous`, its state is a patch from `previous`.
    static func stepObject(_ step: StepInput, previous: JSONValue?) -> JSONValue {
        var object: [String: JSONValue] = [
            "step": .number(JSONNumber(step.step)),
            "time": seconds(step.time),
            "action": step.action ?? .null,
            "actionName": step.actionName.map(JSONValue.string) ?? .null,
            "cause": step.cause.map { .number(JSONNumber($0)) } ?? .null,
            "reducerNanoseconds": step.reducerNanoseconds.map { .number(JSONNumber($0)) } ?? .null,
            "stateHash": .string(step.state.stateHash),
        ]
        if let previous {
            object["patch"] = JSONPatch.make(from: previous, to: step.state).jsonValue
        } else {
            object["state"] = step.state
        }
        return .object(object)
    }

    /// The timeline a document holds; checks every state against its `stateHash`.
    public static func decode(_ document: JSONValue) throws(SharingError) -> SharedTimeline {
        let root = JSONShape(document)
        let format = try root.member("format").string()
        guard format == formatName else {
            throw SharingError.unsupported("the document's format is \"\(format)\", not \"\(formatName)\"")
        }
        let version = try root.member("version").int()
        guard version <= Self.version, version >= 1 else {
            throw SharingError.unsupported("the document is \(formatName) version \(version); this build reads version 1 up to \(Self.version)")
        }
        let encodingName = try root.member("encoding").string()
        guard let encoding = StateEncoding(rawValue: encodingName) else {
            throw root.fail("encoding must be \"states\" or \"patches\", found \"\(encodingName)\"")
        }
        let sessionShape = try root.member("session")
        let session = SharedSession(
            app: try sessionShape.member("app").string(),
            host: try sessionShape.optionalMember("host")?.string() ?? "",
            startedAt: date(try sessionShape.member("startedAt").double()),
            endedAt: try sessionShape.optionalMember("endedAt").map { shape throws(SharingError) in date(try shape.double()) },
            timelineName: try sessionShape.optionalMember("timeline")?.string() ?? "main",
            metadata: try sessionShape.optionalMember("metadata")?.value
        )
        var steps: [StepInput] = []
        var previous: JSONValue?
        for shape in try root.member("steps").array() {
            let state: JSONValue
            if encoding == .patches, let previous {
                let patchShape = try shape.member("patch")
                do {
                    state = try JSONPatch(jsonValue: patchShape.value).apply(to: previous)
                } catch {
                    throw patchShape.fail("the patch does not apply: \(error)")
                }
            } else {
                state = try shape.member("state").value
            }
            if let hash = try shape.optionalMember("stateHash") {
                let expected = try hash.string()
                guard state.stateHash == expected else {
                    throw hash.fail("the state's hash is \(state.stateHash), the document says \(expected)")
                }
            }
            steps.append(StepInput(
                step: try shape.member("step").int(),
                time: date(try shape.member("time").double()),
                action: try shape.optionalMember("action")?.value,
                actionName: try shape.optionalMember("actionName")?.string(),
                cause: try shape.optionalMember("cause")?.int(),
                reducerNanoseconds: try shape.optionalMember("reducerNanoseconds")?.int(),
                state: state
            ))
            previous = state
        }
        let timeline = SharedTimeline(session: session, steps: steps)
        try timeline.validate()
        return timeline
    }

    private static func seconds(_ date: Date) -> JSONValue {
        .number(JSONNumber(date.timeIntervalSince1970))
    }

    private static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: seconds)
    }
}
