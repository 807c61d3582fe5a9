import UDFLog

/// Why a recorder stopped, or a step it refused. The host keeps running.
public struct RecorderFailure: Error, CustomStringConvertible, Sendable {
    public let error: RecordingError
    /// False for misuse that dropped one step while recording went on, such
    /// as a transition sent before the first state.
    public let stoppedRecording: Bool

    init(error: RecordingError, stoppedRecording: Bool = true) {
        self.error = error
        self.stoppedRecording = stoppedRecording
    }

    public var description: String {
        stoppedRecording ? "udf recorder stopped: \(error)" : "udf recorder: \(error)"
    }
}
