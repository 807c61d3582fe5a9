import UDFSQLite

/// Everything that can go wrong opening, reading or writing a recording.
///
/// Each case reads as one line, for example `'app.udf' is not a SQLite
/// database (it starts with "hello")`.
public enum RecordingError: Error, CustomStringConvertible, Equatable {
    /// The file is missing, a directory, or unreadable.
    case cannotOpen(path: String, reason: String)
    /// The file is not a recording, or is damaged.
    case invalidFile(path: String, reason: String)
    /// The file is a recording of a newer format version.
    case newerVersion(path: String, found: Int, supported: Int)
    /// A session, timeline or step that the file does not hold.
    case notFound(String)
    /// A name or value the caller gave that cannot be used.
    case invalidArgument(String)
    /// A stored state fails its hash or its patch chain.
    case corruptStep(step: Int, timeline: String, reason: String)
    /// SQLite failed with an I/O or locking error.
    case io(String)
    /// A step's value cannot be encoded as JSON, such as `Double.nan`.
    case unencodable(step: Int, reason: String)
    /// The recorder's shadow check found its shortcuts disagreeing with the plain path.
    case shadowMismatch(step: Int, detail: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open '\(path)': \(reason)"
        case .invalidFile(let path, let reason):
            "'\(path)' \(reason)"
        case .newerVersion(let path, let found, let supported):
            "'\(path)' is a recording of format version \(found); this build reads versions up to \(supported), upgrade udf-timetravel"
        case .notFound(let what):
            what
        case .invalidArgument(let what):
            what
        case .corruptStep(let step, let timeline, let reason):
            "step \(step) of timeline '\(timeline)' is corrupt: \(reason)"
        case .io(let message):
            message
        case .unencodable(let step, let reason):
            "cannot record step \(step): \(reason)"
        case .shadowMismatch(let step, let detail):
            "shadow check failed at step \(step): \(detail)"
        }
    }

    /// Maps a SQLite failure while reading `path` to a recording error.
    static func from(_ error: any Error, path: String) -> RecordingError {
        if let error = error as? RecordingError { return error }
        if let error = error as? SQLiteError {
            if error.isCorrupt || error.isMissingSchema {
                return .invalidFile(path: path, reason: "is damaged: \(error.message)")
            }
            return .io("'\(path)': \(error.message)")
        }
        return .io("'\(path)': \(error)")
    }
}

/// The corrupt steps a stored text makes, worded once for every reader.
extension RecordingError {
    /// A stored action that does not parse.
    static func unparsableAction(step: Int, timeline: String, _ error: any Error) -> RecordingError {
        .corruptStep(step: step, timeline: timeline, reason: "its action is not valid JSON: \(error)")
    }

    /// A stored keyframe that does not parse.
    static func unparsableKeyframe(step: Int, timeline: String, _ error: any Error) -> RecordingError {
        .corruptStep(step: step, timeline: timeline, reason: "its keyframe is not valid JSON: \(error)")
    }

    /// A stored patch that does not parse, or does not apply to the state before it.
    static func inapplicablePatch(step: Int, timeline: String, _ error: any Error) -> RecordingError {
        .corruptStep(step: step, timeline: timeline, reason: "its patch does not apply: \(error)")
    }
}
