import Foundation

/// One run of a child process with its output discarded: wall time, CPU
/// time (user + system, from `wait4`) and its own peak RSS, read from
/// `/proc` while it runs.
struct ChildRun {
    /// The wait status: 0 for exit 0, `code << 8` for exit `code`.
    let status: Int32
    let seconds: Double
    let cpuSeconds: Double
    let peakBytes: Int

    /// Exit 0, or exit 1 ("nothing found").
    var succeededOrFoundNothing: Bool { status == 0 || status == 1 << 8 }

    /// Runs `binary arguments` with stdout and stderr to /dev/null.
    ///
    /// The peak is polled (it only grows, so the last reading before the
    /// child exits is its peak, short of its last poll), not taken from
    /// `ru_maxrss`: Linux carries the spawning process's peak into a child
    /// across exec. Polls come every millisecond for the first 100 ms, so
    /// short rows are not rounded up, then every 20 ms: a poller waking a
    /// thousand times a second takes a core's slices from a child that keeps
    /// both cores busy (an export read 30% slower under it), and not from a
    /// single-threaded one such as `verify`.
    ///
    /// - Parameter measuringPeak: false to block in `wait4` instead of
    ///   polling, for rows that want the exact time alone.
    static func spawn(_ binary: String, _ arguments: [String], measuringPeak: Bool = true) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(binary): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        var peak = 0
        while true {
            let waited = wait4(pid, &status, measuringPeak ? WNOHANG : 0, &usage)
            if waited == pid { break }
            if waited < 0, errno != EINTR { throw BenchError("cannot wait for \(binary): error \(errno)") }
            peak = max(peak, ProcessMemory.peak(of: pid))
            let running = DispatchTime.now().uptimeNanoseconds - start
            usleep(running < 100_000_000 ? 1_000 : 20_000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = usage.ru_utime.seconds + usage.ru_stime.seconds
        return ChildRun(status: status, seconds: seconds, cpuSeconds: cpu, peakBytes: peak)
    }
}
