import Foundation
import UDFJSON

/// What an exported or imported timeline says about the run that made it.
public struct SharedSession: Sendable, Equatable {
    /// The host program, for example `TodoExample`.
    public var app: String
    public var host: String
    public var startedAt: Date
    public var endedAt: Date?
    /// The name of the timeline that was shared, for example `main` or `fix`.
    public var timelineName: String
    /// Free-form information: the host's session metadata and where the steps came from.
    public var metadata: JSONValue?

    public init(app: String, host: String, startedAt: Date, endedAt: Date?, timelineName: String, metadata: JSONValue?) {
        self.app = app
        self.host = host
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.timelineName = timelineName
        self.metadata = metadata
    }
}
