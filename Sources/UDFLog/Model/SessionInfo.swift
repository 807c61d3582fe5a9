import Foundation

/// One run of a host program, as the file records it.
public struct SessionInfo: Sendable, Equatable {
    public let id: Int
    public let app: String
    public let startedAt: Date
    public let endedAt: Date?
    public let status: SessionStatus
    public let host: String
    public let pid: Int
    public let keyframeInterval: Int
    /// Steps on the `main` timeline, step 0 included.
    public let stepCount: Int
    /// The stable identity, stored or derived; see `SessionIdentity`.
    public let identity: SessionIdentity
    /// The host app's version, when the host gave one (format v2).
    public let appVersion: String?
    /// The writing machine's operating system, when known (format v2).
    public let operatingSystem: String?
    /// The values recorded by reflection, not `Codable` (format v3).
    public let reflected: ReflectedParts
}

/// Whether a session is still being written.
public enum SessionStatus: String, Sendable, Equatable {
    /// `close()` ran.
    case closed
    /// Its host process is alive and may append more steps.
    case recording
    /// Its host died without closing it; every committed step is still readable.
    case interrupted
}
