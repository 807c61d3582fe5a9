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

    /// Whether `a` and `b` name one existing file (the same device and inode),
    /// however each is spelled: an output that would replace its own input.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether `path` names an existing directory: an output that must be
    /// refused, as replacing it would remove the folder and all it holds.
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFDIR
    }
}
