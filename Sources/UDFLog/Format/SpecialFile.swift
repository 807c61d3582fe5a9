import Foundation

/// Devices, pipes and sockets: an output that must be written in place,
/// never replaced by renaming a finished file over it (as root, that would
/// swap `/dev/null` for a plain file).
public enum SpecialFile {
    /// Whether `path` names an existing file that is neither a regular file nor a directory.
    public static func isSpecial(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// Whether `path` names an existing directory: an output that must be
    /// refused, as replacing it would remove the folder and all it holds.
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFDIR
    }
}
