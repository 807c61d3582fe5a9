import UDFLog

/// Recorded data that does not fit the host's Swift types.
///
/// A recording from another version of the app, or another app, may hold a
/// state or an action the host's `Decodable` types cannot read. Resuming or
/// replaying then fails with this error; it never traps. So does a session
/// recorded by reflection, whose types were not `Codable` at all.
public enum ReplayError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The state at a step does not decode into the host's state type.
    case stateMismatch(step: Int, timeline: String, type: String, reason: String)
    /// A recorded action does not decode into the host's action type.
    case actionMismatch(step: Int, timeline: String, type: String, reason: String)
    /// The session's states or actions were recorded by reflection: its JSON
    /// describes values of types that are not `Codable`, so none decodes.
    case recordedByReflection(session: Int, parts: ReflectedParts)

    public var description: String {
        switch self {
        case .stateMismatch(let step, let timeline, let type, let reason):
            "the state at \(timeline)@\(step) does not decode into \(type): \(reason)"
        case .actionMismatch(let step, let timeline, let type, let reason):
            "the action at \(timeline)@\(step) does not decode into \(type): \(reason)"
        case .recordedByReflection(let session, let parts):
            ReflectedParts.refusal(session: session, parts: parts, needs: "resuming and replaying need")
        }
    }

    /// Refuses a session recorded by reflection before anything decodes.
    static func requireCodable(_ session: SessionInfo) throws(ReplayError) {
        guard session.reflected.isEmpty else {
            throw .recordedByReflection(session: session.id, parts: session.reflected)
        }
    }
}
