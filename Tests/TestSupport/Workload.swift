import Foundation

/// The size of a heavy randomized workload.
///
/// The library modules are no longer optimized in debug builds (SwiftPM
/// refuses unsafe flags in a dependency), so a debug `swift test` runs the
/// heavy workloads at a tenth of their size, keeping the suite's time and
/// the cooperative pool free for the time-limited tests. A release build, or
/// `UDF_FULL_WORKLOADS=1`, runs them whole; CI does both.
public enum Workload {
    public static var isFull: Bool {
        #if DEBUG
        ProcessInfo.processInfo.environment["UDF_FULL_WORKLOADS"] == "1"
        #else
        true
        #endif
    }

    /// `full`, or a tenth of it in a debug build.
    public static func scaled(_ full: Int) -> Int {
        isFull ? full : max(1, full / 10)
    }
}
