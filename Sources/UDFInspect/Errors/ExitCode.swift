/// The status `udf-inspect` exits with, following the BSD `sysexits.h` convention.
///
/// Scripts rely on these numbers, so they are part of the tool's contract.
public enum ExitCode: Int32, Sendable, Equatable, CaseIterable {
    /// The command did what was asked.
    case success = 0
    /// The query ran but found nothing, like `grep` finding no line.
    case notFound = 1
    /// Over many recordings, some were answered and at least one could not
    /// be read; each of those got one line on stderr.
    case partial = 3
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// The input was read but is bad or corrupt (`EX_DATAERR`).
    case dataError = 65
    /// The input cannot be opened (`EX_NOINPUT`).
    case noInput = 66
    /// Reading or writing failed (`EX_IOERR`).
    case ioError = 74
}
