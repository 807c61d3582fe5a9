import UDFDiff
import UDFLog

/// `--redact KEY_OR_PATH` values, as `export` and `testgen` read them: a
/// value starting with `.` is a path, anything else a key.
enum RedactionArguments {
    /// The default redactor plus every key and path given.
    static func redactor(_ values: [String], _ arguments: ParsedArguments) throws(UsageError) -> Redactor {
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
        return Redactor(extraKeys: keys, paths: paths)
    }
}
