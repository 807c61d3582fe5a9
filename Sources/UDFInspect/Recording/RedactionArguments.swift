import UDFDiff
import UDFLog

/// `--redact KEY_OR_PATH` values, as `export` reads them: a value starting
/// with `.` is a path, anything else a key.
enum RedactionArguments {
    /// The keys and paths given, read: a usage error for a path that does not parse.
    static func parse(_ values: [String], _ arguments: ParsedArguments) throws(UsageError) -> (keys: [String], paths: [JSONPath]) {
        var keys: [String] = []
        var paths: [JSONPath] = []
        for value in values {
            if value.hasPrefix(".") {
                do {
                    paths.append(try JSONPath(parsing: value))
                } catch {
                    throw arguments.usageError("invalid path '\(value)' for --redact: \(error)")
                }
            } else {
                keys.append(value)
            }
        }
        return (keys, paths)
    }
}
