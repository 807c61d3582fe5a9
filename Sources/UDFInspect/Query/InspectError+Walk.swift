import UDFLog

extension InspectError {
    /// The inspector's error for a failure while streaming a recording, whose
    /// APIs (`walk`, `storedBytes`) throw untyped errors.
    static func reading(_ error: any Error) -> InspectError {
        if let error = error as? InspectError { return error }
        if let error = error as? RecordingError { return InspectError(error) }
        return .invalidData("cannot read the recording: \(error)")
    }
}
