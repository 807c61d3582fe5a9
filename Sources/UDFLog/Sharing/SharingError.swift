import UDFJSON

/// Why an export or an import failed, in one line.
public enum SharingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input is not well-formed JSON, or breaks a parser limit.
    case invalidJSON(source: String, error: JSONParseError)
    /// The JSON is well formed but not the expected document, for example an
    /// array where an object belongs; `path` says where.
    case wrongShape(path: String, message: String)
    /// The document is a format this build does not read.
    case unsupported(String)
    /// The recording could not be read or written.
    case recording(RecordingError)

    public var description: String {
        switch self {
        case .invalidJSON(let source, let error):
            "\(source) is not valid JSON: \(error)"
        case .wrongShape(let path, let message):
            "unexpected document shape at \(path): \(message)"
        case .unsupported(let message):
            message
        case .recording(let error):
            error.description
        }
    }
}
