/// Every way a command can fail, each case wrapping what failed underneath it.
///
/// ``Inspector`` prints an error as one line on stderr, `Error: <message>`, and exits
/// with ``exitCode``. A `.usage` error is printed in the three-line usage form instead.
public enum InspectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input cannot be opened; `reason` says why, for example `no such file`.
    case cannotOpen(path: String, reason: String)
    /// The input was opened but is not a valid recording.
    case corrupt(path: String, reason: String)
    /// The query ran and found nothing; the payload is the whole message.
    case notFound(String)
    /// The command line was wrong, found after parsing (for example while running).
    case usage(UsageError)
    /// Reading or writing failed; the payload says what was being read or written.
    case io(String)
    /// The data is bad: a file that is not a recording, or a damaged step. The payload is the whole message.
    case invalidData(String)
    /// An argument names something the file does not hold, such as a step past the end.
    /// Unlike `.usage`, it prints one line, without the usage text.
    case badArgument(String)

    /// The status the tool exits with for this error.
    public var exitCode: ExitCode {
        switch self {
        case .cannotOpen: .noInput
        case .corrupt: .dataError
        case .notFound: .notFound
        case .usage: .usage
        case .io: .ioError
        case .invalidData: .dataError
        case .badArgument: .usage
        }
    }

    /// The one-line description, without the `Error: ` prefix.
    public var message: String {
        switch self {
        case let .cannotOpen(path, reason):
            "cannot open '\(path)': \(reason)"
        case let .corrupt(path, reason):
            "'\(path)' is not a valid recording: \(reason)"
        case let .notFound(message):
            message
        case let .usage(error):
            error.message
        case let .io(message):
            "I/O error: \(message)"
        case let .invalidData(message), let .badArgument(message):
            message
        }
    }

    public var description: String {
        "Error: \(HiddenScalars.escaped(message))"
    }
}
