import Foundation

/// This process's resident memory, from `/proc/self/status`.
enum ProcessMemory {
    /// Resident set size now, in bytes.
    static var current: Int { field("VmRSS:") }

    /// The peak resident set size so far, in bytes.
    static var peak: Int { field("VmHWM:") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            let kilobytes = Int(digits) ?? 0
            return kilobytes * 1_024
        }
        return 0
    }
}
