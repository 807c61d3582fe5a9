import Foundation

/// The device and inode of the recording file when it was opened.
///
/// SQLite keeps writing to a file that was deleted or replaced under it, so
/// every step would be lost silently; comparing inodes catches it.
struct FileIdentity: Sendable {
    let path: String
    private let device: UInt64?
    private let inode: UInt64?

    init(path: String) {
        self.path = path
        let current = Self.read(path)
        device = current?.device
        inode = current?.inode
    }

    func stillMatches() -> Bool {
        guard let current = Self.read(path) else { return false }
        return current.device == device && current.inode == inode
    }

    private static func read(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}
