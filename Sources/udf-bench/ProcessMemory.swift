import Foundation

/// A process's resident memory, from `/proc/<pid>/status`.
enum ProcessMemory {
    /// This process's resident set size now, in bytes.
    static var current: Int { field("VmRSS:", of: "self") }

    /// This process's peak resident set size so far, in bytes.
    static var peak: Int { field("VmHWM:", of: "self") }

    /// A child's peak resident set size so far, in bytes; 0 once it has exited.
    ///
    /// Not `wait4`'s `ru_maxrss`: Linux carries the spawning process's peak
    /// into a child's across exec, so a child of a large bench process
    /// would report the bench's peak, not its own.
    static func peak(of pid: pid_t) -> Int { field("VmHWM:", of: String(pid)) }

    private static func field(_ name: String, of process: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            let kilobytes = Int(digits) ?? 0
            return kilobytes * 1_024
        }
        return 0
    }
}
