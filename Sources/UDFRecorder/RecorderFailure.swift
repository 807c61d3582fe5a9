import UDFLog

/// Why a recorder stopped. The host keeps running; only recording ends.
public struct RecorderFailure: Error, CustomStringConvertible, Sendable {
    public let error: RecordingError

    public var description: String {
        "udf recorder stopped: \(error)"
    }
}
