import Foundation

/// Who is writing: the host name and process id stored with each session, so
/// that a reader can tell a live recording from one whose host died.
enum HostIdentity {
    static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    static var processID: Int { Int(getpid()) }

    /// The kernel's name and release, such as `Linux 6.1.0-18-amd64`, or nil
    /// when `uname` fails.
    static let operatingSystem: String? = {
        var name = utsname()
        guard uname(&name) == 0 else { return nil }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return "\(text(name.sysname)) \(text(name.release))"
    }()

    /// Whether process `pid` on this host still runs. `EPERM` means it exists
    /// but belongs to another user.
    static func isAlive(pid: Int) -> Bool {
        guard pid > 0, let pid = Int32(exactly: pid) else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The status a reader shows for a session stored as `stored`.
    ///
    /// A session from another host cannot be probed; it counts as live only
    /// while its last step is less than a minute old.
    static func status(stored: String, host: String, pid: Int, lastActivity: Date?) -> SessionStatus {
        switch stored {
        case "closed":
            return .closed
        case "interrupted":
            return .interrupted
        default:
            if host == hostName {
                return isAlive(pid: pid) ? .recording : .interrupted
            }
            if let lastActivity, Date().timeIntervalSince(lastActivity) < 60 {
                return .recording
            }
            return .interrupted
        }
    }
}
