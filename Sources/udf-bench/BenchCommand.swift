import Foundation
import UDFDiff
import UDFInspect
import UDFJSON
import UDFLog
import UDFRecorder

/// `udf-bench`: runs every scenario and prints one table, or one part
/// alone for profiling (`usage`, which `--help` prints, lists them).
@MainActor
enum BenchCommand {
    static func run(arguments: [String]) {
        do {
            if arguments.first == "--help" || arguments.first == "-h" {
                print(usage, terminator: "")
                return
            }
            if let first = arguments.first, let mode = childModes[first] ?? profilingModes[first] {
                try mode(Array(arguments.dropFirst()))
                return
            }
            let options = try BenchOptions(arguments: arguments)
            let rows = try BenchSuite(options: options).run()
            if options.json {
                print(BenchTable.json(rows, machine: Machine.description), terminator: "")
            } else {
                print(BenchTable.text(rows), terminator: "")
            }
        } catch {
            FileHandle.standardError.write(Data("udf-bench: \(error)\n".utf8))
            exit(1)
        }
    }
}

extension BenchCommand {
    /// What `--help` prints: the whole run's options, then the modes that run one part alone.
    static let usage = """
        usage: udf-bench [--json] [--quick] [--keep] [ONLY]
          Runs every scenario and prints one table (--json: as JSON; --quick: fewer
          repetitions; --keep: keeps the recordings and prints their directory).
          ONLY runs one group of rows: --fleet-only, --blame-only, --dispatch-only,
          --diff-parse-only, --long-only, --growing-only or --export-only STEPS.

        One part alone, for profiling:
          udf-bench --throughput-only BYTES ACTIONS [--redact PATH]
          udf-bench --hash-only BYTES SAMPLES
          udf-bench --text-only ACTIONS...
          udf-bench --diff-only BYTES SAMPLES
          udf-bench --keyed-only BYTES ACTIONS
          udf-bench --parse-only BYTES SAMPLES
          udf-bench --rebuild-only PATH SAMPLES

        """

    /// The bench's own children, which it starts as processes of their own, by flag.
    static let childModes: [String: @MainActor ([String]) throws -> Void] = [
        LongRecording.childFlag: LongRecording.child,
        GrowingRecording.childFlag: GrowingRecording.child,
        ReaderChild.flag: ReaderChild.main,
        NaiveInspector.flag: NaiveInspector.child,
    ]

    /// The modes that run one part alone, for profiling, by flag.
    static let profilingModes: [String: @MainActor ([String]) throws -> Void] = [
        "--throughput-only": throughputOnly,
        "--rebuild-only": rebuildOnly,
        "--hash-only": hashOnly,
        "--text-only": textOnly,
        "--keyed-only": keyedOnly,
        "--diff-only": diffOnly,
        "--parse-only": parseOnly,
    ]

    /// `BYTES COUNT`, both numbers, the bytes 0 or more and the count positive, or the mode's usage line.
    static func sizeAndCount(_ arguments: [String], usage: String) throws -> (bytes: Int, count: Int) {
        guard arguments.count == 2, let bytes = Int(arguments[0]), bytes >= 0, let count = Int(arguments[1]), count > 0 else {
            throw BenchError("usage: udf-bench \(usage)")
        }
        return (bytes, count)
    }

    /// Runs `body` on a recording path of its own, removed afterwards with its WAL files.
    static func withScratchRecording<T>(_ name: String, _ body: (String) throws -> T) rethrows -> T {
        let path = NSTemporaryDirectory() + "udf-bench-\(name)-\(ProcessInfo.processInfo.processIdentifier).udf"
        defer { removeRecording(at: path) }
        return try body(path)
    }

    /// Removes a scratch recording with its WAL files.
    static func removeRecording(at path: String) {
        for file in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
    }
}

extension BenchCommand {
    /// `udf-bench --throughput-only BYTES ACTIONS`: our recorder alone on one
    /// state size, for profiling one stage without the whole suite.
    static func throughputOnly(arguments: [String]) throws {
        let usage = "--throughput-only BYTES ACTIONS [--redact PATH]"
        var options = RecorderOptions()
        var arguments = arguments
        if arguments.count == 4, arguments[2] == "--redact" {
            do {
                options.redactor = Redactor(paths: [try JSONPath(parsing: arguments[3])])
            } catch {
                throw BenchError("invalid path '\(arguments[3])' for --redact: \(error)")
            }
            arguments.removeLast(2)
        }
        let (bytes, actions) = try sizeAndCount(arguments, usage: usage)
        let result = try withScratchRecording("only") { path in
            try ThroughputBenchmark.ours(state: BenchState.sized(bytes), actions: actions, path: path, options: options)
        }
        let host = ThroughputBenchmark.hostAlone(state: BenchState.sized(bytes), actions: actions)
        print("\(Format.rate(result.perSecond)) actions, \(Format.bytes(result.bytesPerStep)) per step; "
              + "the host alone \(Format.rate(host.perSecond)) actions; while the store's history filled, "
              + "\(Format.rate(result.fillingPerSecond)) and \(Format.rate(host.fillingPerSecond))")
    }
}

extension BenchCommand {
    /// `udf-bench --hash-only BYTES SAMPLES`: the state hashes alone on one
    /// state size (issue 16's tree hash beside the text hash).
    static func hashOnly(arguments: [String]) throws {
        let (bytes, samples) = try sizeAndCount(arguments, usage: "--hash-only BYTES SAMPLES")
        let stages = try EncodeBenchmark.run(state: BenchState.sized(bytes), samples: samples)
        print("""
            Encodable → text straight \(Format.duration(stages.textEncode)), through a JSONValue \(Format.duration(stages.encodeThenWrite)); \
            canonical bytes \(Format.duration(stages.canonical)); FNV-1a of them \(Format.duration(stages.hash)); \
            tree hash plain \(Format.duration(stages.treeHash)); \
            tree hash + size incremental, one leaf changed \(Format.duration(stages.incrementalTreeHash))
            """)
    }
}

extension BenchCommand {
    /// `udf-bench --text-only ACTIONS...`: the shop state after each count of
    /// actions to canonical text, straight and through a `JSONValue`.
    static func textOnly(arguments: [String]) throws {
        let counts = arguments.compactMap { Int($0) }
        guard !counts.isEmpty, counts.count == arguments.count, counts == counts.sorted(), counts.allSatisfy({ $0 >= 0 }) else {
            throw BenchError("usage: udf-bench --text-only ACTIONS... (ascending counts, 0 or more)")
        }
        for row in try GrowingStateBenchmark.textRows(actions: counts) {
            print("\(row.scenario): \(row.figure)")
        }
    }
}

extension BenchCommand {
    /// `udf-bench --parse-only BYTES SAMPLES`: a keyframe's text parsed
    /// alone, ours beside `JSONSerialization`, as the parse row measures it.
    static func parseOnly(arguments: [String]) throws {
        let (bytes, samples) = try sizeAndCount(arguments, usage: "--parse-only BYTES SAMPLES")
        InspectorHeap.keepFreedMemory()
        let result = try ParseBenchmark.inProcess(state: BenchState.sized(bytes), samples: samples)
        print("\(Format.bytes(Double(result.bytes))): JSONParser \(Format.duration(result.ours)), JSONSerialization \(Format.duration(result.foundation))")
    }
}

extension BenchCommand {
    /// `udf-bench --keyed-only BYTES ACTIONS`: the state keyed by id alone,
    /// its encode step and its throughput, for profiling.
    static func keyedOnly(arguments: [String]) throws {
        let (bytes, actions) = try sizeAndCount(arguments, usage: "--keyed-only BYTES ACTIONS")
        let result = try withScratchRecording("keyed") { path in
            try KeyedStateBenchmark.run(bytes: bytes, actions: actions, encodeSamples: min(actions, 50), path: path)
        }
        for row in KeyedStateBenchmark.rows(result, label: "\(result.items) items") {
            print("\(row.measure): \(row.figure)")
        }
    }
}

extension BenchCommand {
    /// `udf-bench --diff-only BYTES SAMPLES`: the diff rows alone on one
    /// state size, for profiling the comparison of states.
    static func diffOnly(arguments: [String]) throws {
        let (bytes, samples) = try sizeAndCount(arguments, usage: "--diff-only BYTES SAMPLES")
        let result = try DiffBenchmark.run(state: BenchState.sized(bytes), samples: samples)
        print("""
            diff sharing storage \(Format.duration(result.sharedDiff)); encoded apart \(Format.duration(result.independentDiff)); \
            patch sharing storage \(Format.duration(result.sharedPatch)); encoded apart \(Format.duration(result.independentPatch)); \
            naive anchor \(Format.duration(result.naiveDiff))
            """)
    }
}

extension BenchCommand {
    /// `udf-bench --rebuild-only PATH SAMPLES`: random steps of a recording
    /// rebuilt as the rebuild row does, for profiling the way back to a state.
    static func rebuildOnly(arguments: [String]) throws {
        guard arguments.count == 2, let samples = Int(arguments[1]), samples > 0 else {
            throw BenchError("usage: udf-bench --rebuild-only PATH SAMPLES")
        }
        InspectorHeap.keepFreedMemory()
        let result = try RebuildBenchmark.inProcess(path: arguments[0], samples: samples)
        print("median \(Format.duration(result.median)), worst \(Format.duration(result.worst)) "
              + "(the first \(Format.duration(result.first)), the worst of the others \(Format.duration(result.worstAfterFirst))); "
              + "\(Format.duration(result.fromKeyframe)) from the keyframe + \(Format.duration(result.perPatch)) per patch")
    }
}

/// The machine a run happened on, for the report.
enum Machine {
    static var description: [String: String] {
        var cpu = "unknown"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return [
            "cpus": String(ProcessInfo.processInfo.activeProcessorCount),
            "cpu": cpu,
            "memory": Format.bytes(Double(ProcessInfo.processInfo.physicalMemory)),
        ]
    }
}
