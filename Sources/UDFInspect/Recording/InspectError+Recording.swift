import UDFLog

extension InspectError {
    /// The inspector's error for a recording failure, with its documented exit code.
    init(_ error: RecordingError) {
        switch error {
        case .cannotOpen(let path, let reason):
            self = .cannotOpen(path: path, reason: reason)
        case .invalidFile, .newerVersion, .corruptStep, .unencodable, .shadowMismatch:
            self = .invalidData(error.description)
        case .notFound(let message), .invalidArgument(let message):
            self = .badArgument(message)
        case .io(let message):
            self = .io(message)
        }
    }
}
