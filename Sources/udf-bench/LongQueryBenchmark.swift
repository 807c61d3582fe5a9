import Foundation
import UDFSQLite

/// Issue 16: `blame`, `find --first` and `stats` as whole processes on a
/// long recording, each beside `verify` on the same file as the anchor.
///
/// Unlike `InspectorBenchmark` it accepts exit 1: "no step changed" and
/// "no step matches" are answers, and the slowest ones.
enum LongQueryBenchmark {
    struct Query {
        let name: String
        let arguments: [String]
        /// "≤ 150 ms" or "≤ 1 s", and the limit in seconds; nil for a row the issue sets no target for.
        let target: (text: String, seconds: Double)?
        /// Whether it reads the changed-members index, and so is timed again
        /// on the copies that read it to v5's depth and not at all.
        var readsIndex = true
    }

    /// The queries of the issue on the 1 KB soak recording (`LongRecording`).
    static func soakQueries(path: String) -> [Query] {
        let fast = ("≤ 150 ms", 0.150)
        return [
            Query(name: "blame .items[3].score (changes every 9th step)", arguments: ["blame", path, ".items[3].score"], target: fast),
            Query(name: "blame .filter (never changes)", arguments: ["blame", path, ".filter"], target: fast),
            Query(name: "find --first, match early", arguments: ["find", path, "--where", ".items[0].score >= 100"], target: fast),
            Query(name: "find --first, match late", arguments: ["find", path, "--where", ".items[0].score >= 100000"], target: fast),
            Query(name: "find --first, no match", arguments: ["find", path, "--where", ".items[0].score < 0"], target: fast),
            Query(name: "find --first, no match, on .filter (never changes)", arguments: ["find", path, "--where", ".filter == \"none\""], target: fast),
            Query(name: "stats", arguments: ["stats", path], target: ("≤ 1 s", 1)),
            // A member every step changes: a million rows, each cut from
            // the whole value's text before and after.
            Query(name: "blame .items (changes every step)", arguments: ["blame", path, ".items"], target: nil, readsIndex: false),
            // Every step a row, in a table whose widths wait for the last one:
            // memory must stay a small multiple of the rows' bytes.
            Query(name: "log (text, every step)", arguments: ["log", path], target: nil, readsIndex: false),
            // The same steps as `--json`, each a model written as text (`JSONTextEncoder`).
            Query(name: "log --json (every step)", arguments: ["log", path, "--json"], target: nil, readsIndex: false),
        ]
    }

    /// The same queries on the shop recording (`GrowingRecording`), late
    /// matches placed near `steps`.
    static func growingQueries(path: String, steps: Int) -> [Query] {
        let fast = ("≤ 150 ms", 0.150)
        // About 1,840 cents a payment, one payment every 16 steps: this
        // matches about 95% of the way in.
        let late = steps / 16 * 1_760
        return [
            Query(name: "blame .totalCents (changes every 16th step)", arguments: ["blame", path, ".totalCents"], target: fast),
            Query(name: "blame .settings.shipping.country (rarely)", arguments: ["blame", path, ".settings.shipping.country"], target: fast),
            Query(name: "find --first, match early", arguments: ["find", path, "--where", ".totalCents > 0"], target: fast),
            Query(name: "find --first, match late", arguments: ["find", path, "--where", ".totalCents > \(late)"], target: fast),
            Query(name: "find --first, no match", arguments: ["find", path, "--where", ".totalCents < 0"], target: fast),
            Query(name: "stats", arguments: ["stats", path], target: ("≤ 1 s", 1)),
            // Every step changes the log, and each value is the whole log:
            // memory must stay flat; time grows with every value's bytes.
            Query(name: "blame .log (grows every step)", arguments: ["blame", path, ".log"], target: nil),
        ]
    }

    /// `verify` once on one thread and once on every core, then each query: `runs` times, or once when one run
    /// takes over two seconds; and each query again, side by side: `find`,
    /// `blame` and `stats` on one thread (`--jobs 1`), and every query on a copy
    /// whose changed-members index is switched off, on one that reads it
    /// to v5's depth (members only, not their children) and on one that
    /// reads it to v6's (children, without their operations).
    static func rows(binary: String, path: String, scenario: String, queries: [Query], runs: Int, progress: (String) -> Void) -> [BenchRow] {
        let scenario = "\(scenario), load \(Load.now)"
        let unindexed = try? indexCopy(of: path, depth: nil)
        let membersOnly = try? indexCopy(of: path, depth: 1)
        let rowsOnly = try? indexCopy(of: path, depth: 2)
        defer {
            for copy in [unindexed, membersOnly, rowsOnly].compactMap({ $0 }) { try? FileManager.default.removeItem(atPath: copy) }
        }
        progress("udf-inspect verify --jobs 1 on \(scenario)")
        // The anchor is one walk over every state, on one thread.
        let anchor = time(binary, ["verify", path, "--jobs", "1"], runs: 1)
        var rows = [BenchRow(
            "verify --jobs 1 (anchor: one walk), whole process", scenario,
            figure: anchor.map { "\(Format.duration($0.wall)) (CPU \(Format.duration($0.cpu)))" } ?? "n/a (verify failed)",
            value: anchor.map { $0.wall * 1e3 }, unit: "ms"
        )]
        progress("udf-inspect verify on \(scenario)")
        let stretched = time(binary, ["verify", path], runs: 1)
        rows.append(BenchRow(
            "verify, one thread per core, whole process", scenario,
            figure: stretched.map { verify in
                "\(Format.duration(verify.wall)) (CPU \(Format.duration(verify.cpu)))"
                    + (anchor.map { ", \(Format.digits($0.wall / verify.wall))× faster than one walk" } ?? "")
            } ?? "n/a (verify failed)",
            value: stretched.map { $0.wall * 1e3 }, unit: "ms"
        ))
        // The target's anchor, and `verify` from the same cold start.
        progress("the file read cold, then udf-inspect verify on it cold")
        let diskRead = ColdFile.readSeconds(path)
        let fileBytes = FileSize.recording(path)
        rows.append(BenchRow(
            "the file read whole from the disk, out of the system's cache, 4 MB a read (anchor: disk read speed)", scenario,
            figure: diskRead.map { "\(Format.duration($0)) (\(Format.bytes(Double(fileBytes) / $0))/s)" }
                ?? "n/a (cannot drop a file from the cache here)",
            value: diskRead.map { $0 * 1e3 }, unit: "ms"
        ))
        let cold = ColdFile.evict(path) ? time(binary, ["verify", path], runs: 1) : nil
        rows.append(BenchRow(
            "verify, one thread per core, the file out of the system's cache, whole process", scenario,
            figure: cold.map { verify in
                "\(Format.duration(verify.wall)) (CPU \(Format.duration(verify.cpu)))"
                    + (diskRead.map { ", \(Format.digits(verify.wall / $0))× the disk read" } ?? "")
                    + (stretched.map { ", \(Format.digits(verify.wall / $0.wall))× the cached file's" } ?? "")
            } ?? "n/a",
            value: cold.map { $0.wall * 1e3 }, unit: "ms", target: "at disk read speed", met: cold.flatMap { verify in diskRead.map { verify.wall <= $0 * 1.1 } }
        ))
        for query in queries {
            progress("udf-inspect \(query.name)")
            let measure = "`\(query.name)`, whole process"
            guard let (seconds, cpu, peak) = time(binary, query.arguments, runs: runs) else {
                rows.append(BenchRow(measure, scenario, figure: "n/a (failed)", value: nil, unit: "ms", target: query.target?.text ?? ""))
                continue
            }
            let versus = anchor.map { ", \(Format.digits($0.wall / seconds))× faster than one walk" } ?? ""
            var plain = ""
            // `find`, `blame` and `stats` read a long timeline on every core; on one, side by side.
            if ["blame", "find", "stats"].contains(query.arguments.first), let (one, _, _) = time(binary, query.arguments + ["--jobs", "1"], runs: runs) {
                plain += "; one thread (--jobs 1) \(Format.duration(one)), \(Format.digits(one / seconds))×"
            }
            if query.readsIndex, let rowsOnly, let (children, _, _) = time(binary, query.arguments.map { $0 == path ? rowsOnly : $0 }, runs: runs) {
                plain += "; children without their operations (v6) \(Format.duration(children)), \(Format.digits(children / seconds))×"
            }
            if query.readsIndex, let membersOnly, let (members, _, _) = time(binary, query.arguments.map { $0 == path ? membersOnly : $0 }, runs: runs) {
                plain += "; members only (v5) \(Format.duration(members)), \(Format.digits(members / seconds))×"
            }
            if query.readsIndex, let unindexed, let (off, _, _) = time(binary, query.arguments.map { $0 == path ? unindexed : $0 }, runs: runs) {
                plain += "; index off \(Format.duration(off)), \(Format.digits(off / seconds))×"
            }
            rows.append(BenchRow(
                measure, scenario,
                figure: "\(Format.duration(seconds)) (CPU \(Format.duration(cpu)), peak \(Format.bytes(Double(peak)))\(versus))\(plain)",
                value: seconds * 1e3, unit: "ms", target: query.target?.text ?? "", met: query.target.map { seconds <= $0.seconds }
            ))
        }
        return rows
    }

    /// A copy of the recording whose timelines read as indexed to `depth`:
    /// nil as if written before format 5, so every query on it scans every
    /// row; 1 as if written by format 5, members only; 2 as if by format 6,
    /// children without their operations.
    private static func indexCopy(of path: String, depth: Int?) throws -> String {
        let copy = path + ".index-\(depth.map(String.init) ?? "off").udf"
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let database = try Database(path: copy, mode: .readWrite)
        defer { database.close() }
        try database.execute("UPDATE timelines SET changes_indexed = \(depth.map(String.init) ?? "NULL")")
        return copy
    }

    /// Median wall and CPU (user + system) seconds of a run that exits 0 or
    /// 1, and the highest peak resident memory; nil when it fails.
    ///
    /// The CPU time is printed beside the wall time: on a machine shared by
    /// several builds, wall time is mostly waiting for a core.
    private static func time(_ binary: String, _ arguments: [String], runs: Int) -> (wall: Double, cpu: Double, peak: Int)? {
        var wall = Samples()
        var cpu = Samples()
        var peak = 0
        for _ in 0..<runs {
            guard let child = try? ChildRun.spawn(binary, arguments), child.succeededOrFoundNothing else { return nil }
            let seconds = child.seconds
            wall.add(seconds: seconds)
            cpu.add(seconds: child.cpuSeconds)
            peak = max(peak, child.peakBytes)
            if seconds > 2 { break }
        }
        return (wall.median, cpu.median, peak)
    }
}

extension timeval {
    var seconds: Double { Double(tv_sec) + Double(tv_usec) / 1e6 }
}

/// The machine's load averages, printed beside figures taken on a shared machine.
enum Load {
    static var now: String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
