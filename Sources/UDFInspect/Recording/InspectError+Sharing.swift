import UDFLog

extension InspectError {
    /// The inspector's error for a failed export or import: bad input is bad data (65).
    init(sharing error: SharingError) {
        switch error {
        case .recording(let recordingError):
            self.init(recordingError)
        case .invalidJSON, .wrongShape, .unsupported:
            self = .invalidData(error.description)
        }
    }
}
