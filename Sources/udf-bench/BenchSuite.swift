import Foundation
import UDFDiff
import UDFJSON
import UDFLog
import UDFRecorder

/// Every scenario of issue 7, in order, each turned into table rows.
@MainActor
struct BenchSuite {
    let options: BenchOptions
    let directory: String

    init(options: BenchOptions) {
        self.options = options
        directory = NSTemporaryDirectory() + "udf-bench-\(ProcessInfo.processInfo.processIdentifier)"
    }

    static let sizes = [1_000, 10_000, 1_000_000]

    func run() throws -> [BenchRow] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            if options.keep {
                progress("kept the recordings in \(directory)")
            } else {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
        var rows: [BenchRow] = []
        if options.fleetOnly { return fleetRows() }
        if options.blameOnly { return blameRows() }
        if options.diffParseOnly { return try DiffParseRows.rows(options: options, file: file, progress: progress) }
        if options.growingOnly { return try growingRows() }
        if options.longOnly {
            progress("recording \(options.longRecordingActions) actions in a child process")
            let long = try LongRecording.run(path: file("long.udf"), actions: options.longRecordingActions)
            return try growingRows() + inspectorRows(path: file("long.udf"), steps: long.actions)
                + longQueryRows(soakPath: file("long.udf"), soakSteps: long.actions)
        }
        if options.exportOnlySteps != nil {
            progress("recording \(options.longRecordingActions) actions in a child process")
            let long = try LongRecording.run(path: file("long.udf"), actions: options.longRecordingActions)
            return exportRows(path: file("long.udf"), steps: long.actions)
        }
        var states: [Int: (state: BenchState, label: String)] = [:]
        for size in Self.sizes {
            let state = BenchState.sized(size)
            let bytes = try JSONValueEncoder().encode(state).canonicalBytes.count
            let name = size >= 1_000_000 ? "1 MB" : "\(size / 1_000) KB"
            states[size] = (state, "\(name) (\(Format.bytes(Double(bytes))), \(state.items.count) items)")
        }
        rows += try dispatchRows(states)
        if let (state, label) = states[10_000] {
            progress("store-neutral API and reflection \(label)")
            let sender = try AnyStoreBenchmark.senderCost(
                state: state, sends: options.dispatchSends(stateBytes: 10_000), rounds: options.dispatchRounds, directory: directory
            )
            rows.append(BenchRow(
                "sender cost, store-neutral record(action:state:)", label, figure: Format.duration(sender.storeNeutral),
                value: sender.storeNeutral * 1e6, unit: "µs",
                target: "≤ middleware's", met: sender.storeNeutral <= sender.middleware * 1.1
            ))
            rows.append(BenchRow(
                "sender cost, Store middleware record(transition)", label, figure: Format.duration(sender.middleware),
                value: sender.middleware * 1e6, unit: "µs"
            ))
            if options.dispatchOnly { return rows }
            let writer = try AnyStoreBenchmark.writerCost(
                state: state, steps: options.dispatchSends(stateBytes: 10_000), directory: directory
            )
            rows.append(BenchRow(
                "record a step, Encodable state", label, figure: Format.duration(writer.encodable),
                value: writer.encodable * 1e6, unit: "µs"
            ))
            rows.append(BenchRow(
                "record a step, same state by reflection", label,
                figure: "\(Format.duration(writer.reflected)) (\(Format.digits(writer.reflected / writer.encodable))×)",
                value: writer.reflected * 1e6, unit: "µs"
            ))
        }
        var bigRecording = ""
        var bigRecordingActions = 0
        for size in Self.sizes {
            guard let (state, label) = states[size] else { continue }
            progress("throughput \(label)")
            // Run by run, ours beside the host alone and the naive recorder,
            // so that a slow spell of the machine weighs on all three alike.
            var ours: [ThroughputBenchmark.Result] = []
            var host: [ThroughputBenchmark.Result] = []
            var naive: [ThroughputBenchmark.Result] = []
            // At 10 KB, also with a redaction path rule, which must keep to the cost of the change.
            var withPathRule: [ThroughputBenchmark.Result] = []
            for run in 0..<options.throughputRuns {
                let path = file("ours-\(size)-\(run).udf")
                QuietDisk.settle()
                ours.append(try ThroughputBenchmark.ours(state: state, actions: options.ourActions(stateBytes: size), path: path))
                if size == 1_000_000, run == 0 { (bigRecording, bigRecordingActions) = (path, ours[0].recordedActions) }
                if size == 10_000 {
                    QuietDisk.settle()
                    withPathRule.append(try ThroughputBenchmark.ours(
                        state: state, actions: options.ourActions(stateBytes: size), path: file("ours-\(size)-\(run)-path-rule.udf"),
                        options: RecorderOptions(redactor: Redactor(paths: [try JSONPath(parsing: ".filter")]))
                    ))
                }
                QuietDisk.settle()
                host.append(ThroughputBenchmark.hostAlone(state: state, actions: options.ourActions(stateBytes: size)))
                QuietDisk.settle()
                naive.append(try ThroughputBenchmark.naive(
                    state: state, actions: options.naiveActions(stateBytes: size), path: file("naive-\(size)-\(run).udf")
                ))
            }
            let oursRate = Samples.median(of: ours.map(\.perSecond))
            let naiveRate = Samples.median(of: naive.map(\.perSecond))
            // Round two's targets (issue 16); round one asked for 10,000/s and 150/s.
            let floor: Double? = size == 10_000 ? 50_000 : size == 1_000_000 ? 2_000 : nil
            let ratioFloor: Double? = size == 10_000 ? 8 : size == 1_000_000 ? 10 : nil
            let oursFilling = Samples.median(of: ours.map(\.fillingPerSecond))
            let hostFilling = Samples.median(of: host.map(\.fillingPerSecond))
            rows.append(BenchRow(
                "sustained throughput, ours", label,
                figure: "\(Format.rate(oursRate)) actions (while the store's history filled, \(Format.rate(oursFilling)))",
                value: oursRate, unit: "actions/s",
                target: floor.map { "≥ \(Int($0))/s" } ?? "", met: floor.map { oursRate >= $0 }
            ))
            if !withPathRule.isEmpty {
                let rate = Samples.median(of: withPathRule.map(\.perSecond))
                rows.append(BenchRow(
                    "sustained throughput, ours with a redaction path rule (.filter)", label,
                    figure: "\(Format.rate(rate)) actions (\(Format.digits(rate / oursRate * 100))% of ours without)",
                    value: rate, unit: "actions/s"
                ))
            }
            let hostRate = Samples.median(of: host.map(\.perSecond))
            rows.append(BenchRow(
                "sustained throughput, the host alone (no recorder)", label,
                figure: "\(Format.rate(hostRate)) actions (ours is \(Format.digits(oursRate / hostRate * 100))% of it; "
                    + "while the history filled, \(Format.rate(hostFilling)), ours \(Format.digits(oursFilling / hostFilling * 100))% of it)",
                value: hostRate, unit: "actions/s"
            ))
            rows.append(BenchRow(
                "sustained throughput, naive", label, figure: "\(Format.rate(naiveRate)) actions",
                value: naiveRate, unit: "actions/s"
            ))
            rows.append(BenchRow(
                "throughput ours / naive", label, figure: "\(Format.digits(oursRate / naiveRate))×",
                value: oursRate / naiveRate, unit: "ratio",
                target: ratioFloor.map { "≥ \(Int($0))×" } ?? "", met: ratioFloor.map { oursRate / naiveRate >= $0 }
            ))
            if size == 1_000_000 {
                let oursBytes = Samples.median(of: ours.map(\.bytesPerStep))
                let naiveBytes = Samples.median(of: naive.map(\.bytesPerStep))
                let share = oursBytes / naiveBytes
                rows.append(BenchRow(
                    "bytes per step, ours", "\(label), \(ours[0].recordedActions) steps",
                    figure: Format.bytes(oursBytes), value: oursBytes, unit: "bytes"
                ))
                rows.append(BenchRow(
                    "bytes per step, naive", label, figure: Format.bytes(naiveBytes), value: naiveBytes, unit: "bytes"
                ))
                rows.append(BenchRow(
                    "bytes per step ours / naive", label, figure: "\(Format.digits(share * 100))%",
                    value: share * 100, unit: "%", target: "≤ 0.5%", met: share <= 0.005
                ))
            }
        }
        rows += try keyedRows()
        rows += try growingRows()
        if let (state, label) = states[1_000_000] {
            progress("rebuild")
            let rebuild = try RebuildBenchmark.ours(path: bigRecording, samples: options.rebuildSamples)
            let naive = try RebuildBenchmark.naive(path: file("naive-1000000-0.udf"), samples: options.rebuildSamples)
            rows += DiffParseRows.rebuildRows(rebuild, naive: naive, scenario: "\(label), \(bigRecordingActions) steps", samples: options.rebuildSamples)
            for interval in [32, 128] {
                progress("keyframe spacing \(interval)")
                let path = file("ours-1000000-keyframes-\(interval).udf")
                let recorded = try ThroughputBenchmark.ours(
                    state: state, actions: options.ourActions(stateBytes: 1_000_000), path: path,
                    options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: interval))
                )
                let rebuilt = try RebuildBenchmark.ours(path: path, samples: options.rebuildSamples)
                rows.append(BenchRow(
                    "keyframe spacing \(interval) instead of by cost", "\(label), \(recorded.recordedActions) steps",
                    figure: "\(Format.bytes(recorded.bytesPerStep)) per step; rebuild median \(Format.duration(rebuilt.median)), "
                        + "worst \(Format.duration(rebuilt.worst))",
                    value: rebuilt.worst * 1e3, unit: "ms"
                ))
            }
            progress("diff")
            let diff = try DiffBenchmark.run(state: state, samples: options.diffSamples)
            rows += DiffParseRows.diffRows(diff, label: label)
            let stages = try EncodeBenchmark.run(state: state, samples: options.diffSamples)
            rows.append(BenchRow(
                "full encode Encodable → JSONValue", label,
                figure: "\(Format.duration(stages.encode)) (\(Format.digits(Double(stages.bytes) / stages.encode / 1e6)) MB/s)",
                value: stages.encode * 1e3, unit: "ms"
            ))
            rows.append(BenchRow(
                "Encodable → canonical text, straight (JSONTextEncoder)", label,
                figure: "\(Format.duration(stages.textEncode)); through a JSONValue then JSONWriter (anchor) "
                    + "\(Format.duration(stages.encodeThenWrite)), \(Format.digits(stages.encodeThenWrite / stages.textEncode))×",
                value: stages.textEncode * 1e3, unit: "ms"
            ))
            rows.append(BenchRow(
                "full canonical bytes", label, figure: Format.duration(stages.canonical),
                value: stages.canonical * 1e3, unit: "ms"
            ))
            rows.append(BenchRow(
                "state hash (FNV-1a) of canonical bytes", label, figure: Format.duration(stages.hash),
                value: stages.hash * 1e3, unit: "ms"
            ))
            rows.append(BenchRow(
                "tree hash, plain (every part)", label, figure: Format.duration(stages.treeHash),
                value: stages.treeHash * 1e3, unit: "ms"
            ))
            rows.append(BenchRow(
                "tree hash + canonical size, incremental, one leaf changed", label,
                figure: "\(Format.duration(stages.incrementalTreeHash)) (FNV of the text: \(Format.digits(stages.hash / stages.incrementalTreeHash))×)",
                value: stages.incrementalTreeHash * 1e3, unit: "ms"
            ))
        }
        progress("recording \(options.longRecordingActions) actions in a child process")
        let longPath = file("long.udf")
        let long = try LongRecording.run(path: longPath, actions: options.longRecordingActions)
        let smallLabel = "\(long.actions) actions, \(states[1_000]?.label ?? "1 KB")"
        rows.append(BenchRow(
            "peak RSS while recording", smallLabel, figure: Format.bytes(Double(long.peakBytes)),
            value: Double(long.peakBytes) / 1_048_576, unit: "MB", target: "≤ 150 MB", met: long.peakBytes <= 150 * 1_048_576
        ))
        let first = long.residentBytes.first ?? 0
        let last = long.residentBytes.last ?? 0
        rows.append(BenchRow(
            "RSS after 10% → 100% of actions", smallLabel,
            figure: "\(Format.bytes(Double(first))) → \(Format.bytes(Double(last)))",
            value: Double(last - first) / 1_048_576, unit: "MB growth",
            target: "not growing", met: Double(last) <= Double(first) * 1.1 + 4 * 1_048_576
        ))
        rows.append(BenchRow(
            "throughput of that recording", smallLabel, figure: "\(Format.rate(Double(long.actions) / long.seconds)) actions",
            value: Double(long.actions) / long.seconds, unit: "actions/s"
        ))
        rows += try inspectorRows(path: longPath, steps: long.actions)
        rows += try longQueryRows(soakPath: longPath, soakSteps: long.actions)
        rows += exportRows(path: longPath, steps: long.actions)
        progress("navigation through the stepper")
        let keys = try NavigationBenchmark.run(path: longPath)
        let slowest = keys.max { $0.seconds < $1.seconds }
        rows.append(BenchRow(
            "navigation per key, udf-inspect step", "\(long.actions)-step recording, from its middle",
            figure: keys.map { "\($0.name) \(Format.duration($0.seconds))" }.joined(separator: "; "),
            value: (slowest?.seconds ?? .nan) * 1e3, unit: "ms", target: "≤ 100 ms", met: (slowest?.seconds ?? .infinity) <= 0.1
        ))
        return rows + blameRows() + fleetRows()
    }

    /// Issue 16: the bench's items keyed by id, at 10 KB and 1 MB.
    private func keyedRows() throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for size in [10_000, 1_000_000] {
            progress("state keyed by id, \(size / 1_000) KB")
            let result = try KeyedStateBenchmark.run(
                bytes: size, actions: options.ourActions(stateBytes: size), encodeSamples: options.keyedEncodeSamples(stateBytes: size),
                path: file("keyed-\(size).udf")
            )
            rows += KeyedStateBenchmark.rows(result, label: "\(size >= 1_000_000 ? "1 MB" : "\(size / 1_000) KB") (\(result.items) items)")
        }
        return rows
    }

    /// Issue 16: throughput on the shop state, whose log grows with every action.
    private func growingRows() throws -> [BenchRow] {
        progress("growing state throughput, \(options.growingActions) actions, ours and naive")
        QuietDisk.settle()
        let ours = try GrowingStateBenchmark.ours(actions: options.growingActions, slices: 10, path: file("growing-ours.udf"))
        QuietDisk.settle()
        let host = try GrowingStateBenchmark.hostAlone(actions: options.growingActions, slices: 10)
        QuietDisk.settle()
        let naive = try GrowingStateBenchmark.naive(actions: options.growingActions, slices: 10, path: file("growing-naive.udf"))
        progress("growing state throughput at 1–10 KB, ours, the host alone and naive")
        let small = try GrowingStateBenchmark.smallWindow(upTo: 10_000, runs: options.smallWindowRuns, directory: directory)
        return GrowingStateBenchmark.rows(small) + GrowingStateBenchmark.rows(ours: ours, host: host, naive: naive)
            + (try GrowingStateBenchmark.textRows(actions: [0, options.growingActions]))
    }

    /// Issue 16: `blame`, `find --first` and `stats` beside `verify`, on the
    /// soak recording and on a long shop recording made here.
    private func longQueryRows(soakPath: String, soakSteps: Int) throws -> [BenchRow] {
        guard let binary = InspectorBenchmark.binary() else {
            return [BenchRow("long-recording queries, whole process", "", figure: "n/a (inspector not built)", value: nil, unit: "ms")]
        }
        var rows = LongQueryBenchmark.rows(
            binary: binary, path: soakPath, scenario: "\(soakSteps)-step recording, 1 KB state",
            queries: LongQueryBenchmark.soakQueries(path: soakPath), runs: options.longQueryRuns, progress: progress
        )
        let actions = options.growingRecordingActions
        progress("recording \(actions) shop actions in a child process")
        let path = file("growing-long.udf")
        let recorded = try GrowingRecording.run(path: path, actions: actions)
        let end = recorded.slices.last?.stateBytes ?? 0
        let scenario = "\(actions)-step shop recording, state \(Format.bytes(Double(ShopState.initialBytes))) → \(Format.bytes(Double(end))), "
            + "\(Format.bytes(Double(recorded.fileBytes))) file"
        rows.append(BenchRow(
            "recording it, first → last tenth", scenario,
            figure: "\(Format.rate(recorded.slices.first?.perSecond ?? .nan)) → \(Format.rate(recorded.slices.last?.perSecond ?? .nan)) actions, "
                + "\(Format.duration(recorded.seconds)) in all",
            value: recorded.slices.last?.perSecond, unit: "actions/s"
        ))
        rows += LongQueryBenchmark.rows(
            binary: binary, path: path, scenario: scenario,
            queries: LongQueryBenchmark.growingQueries(path: path, steps: actions), runs: options.longQueryRuns, progress: progress
        )
        return rows
    }

    /// `blame` on an element that vanished early, against rebuilding every step.
    private func blameRows() -> [BenchRow] {
        progress("blame on a vanished id over a \(options.blameActions)-step workload")
        do {
            return BlameBenchmark.rows(try BlameBenchmark.run(directory: directory, actions: options.blameActions, runs: options.inspectorRuns))
        } catch {
            return [BenchRow("blame on a vanished id, udf-inspect whole process", "\(options.blameActions)-step todo workload",
                             figure: "n/a (\(error))", value: nil, unit: "ms", target: "≤ 500 ms")]
        }
    }

    /// Many recordings: folder `find` against one process per file, NDJSON against `verify`.
    private func fleetRows() -> [BenchRow] {
        let scenario = "\(options.fleetFiles) recordings × \(options.fleetSteps) steps"
        guard let binary = InspectorBenchmark.binary() else {
            return [BenchRow("find --first over a folder", scenario, figure: "n/a (inspector not built)", value: nil, unit: "s")]
        }
        progress("recording \(scenario) for the fleet rows")
        do {
            let result = try FleetBenchmark.run(binary: binary, directory: file("fleet"), files: options.fleetFiles, steps: options.fleetSteps)
            return FleetBenchmark.rows(result)
        } catch {
            return [BenchRow("find --first over a folder", scenario, figure: "n/a (\(error))", value: nil, unit: "s")]
        }
    }

    /// Issue 14: streaming exports of the long recording, and the HTML page of its first 100,000 steps.
    private func exportRows(path: String, steps: Int) -> [BenchRow] {
        guard let binary = InspectorBenchmark.binary() else {
            return [BenchRow("export, whole process", "\(steps)-step recording", figure: "n/a (inspector not built)", value: nil, unit: "s")]
        }
        return ExportBenchmark.rows(binary: binary, path: path, steps: steps, directory: directory, progress: progress)
            + ExportBenchmark.htmlRows(binary: binary, path: path, steps: options.htmlExportSteps, directory: directory, progress: progress)
    }

    /// `log --last 50`, `show N` and `diff N` on the long recording, each
    /// beside its naive anchor (`NaiveInspector`) on a naive recording of the
    /// same state, made here.
    private func inspectorRows(path: String, steps: Int) throws -> [BenchRow] {
        let middle = String(steps / 2 + 1)
        // Issue 16 asks `show N` for 50 ms; round one asked the others for 150 ms.
        let commands: [(name: String, arguments: [String], naive: String, target: Double)] = [
            ("log --last 50", ["log", path, "--last", "50"], "log", 0.150),
            ("show N", ["show", path, middle], "show", 0.050),
            ("diff N", ["diff", path, middle], "diff", 0.150),
        ]
        let scenario = "\(steps)-step recording"
        guard let binary = InspectorBenchmark.binary() else {
            return commands.map { command in
                BenchRow("inspector `\(command.name)`, whole process", scenario, figure: "n/a (inspector not built)",
                         value: nil, unit: "ms", target: "≤ \(Int(command.target * 1e3)) ms")
            }
        }
        progress("a naive recording of the same state, for the inspector rows' anchors")
        let naivePath = file("naive-inspector.udf")
        let naive = try ThroughputBenchmark.naive(
            state: BenchState.sized(1_000), actions: options.naiveActions(stateBytes: 1_000), path: naivePath
        )
        let naiveStep = String(naive.actions / 2 + 1)
        let naiveScenario = "naive recording of the same state, \(naive.actions) steps"
        let benchBinary = try SelfExecutable.path()
        var rows: [BenchRow] = []
        for command in commands {
            progress("udf-inspect \(command.name), and its naive anchor")
            let name = "inspector `\(command.name)`, whole process"
            let anchorName = "inspector `\(command.name)`, naive (anchor), whole process"
            let target = "≤ \(Int(command.target * 1e3)) ms"
            let ours = InspectorBenchmark.run(binary: binary, arguments: command.arguments, runs: options.inspectorRuns)
            let anchor = InspectorBenchmark.run(
                binary: benchBinary, arguments: [NaiveInspector.flag, command.naive, naivePath, naiveStep], runs: options.inspectorRuns
            )
            switch ours {
            case .measured(let seconds):
                rows.append(BenchRow(name, scenario, figure: Format.duration(seconds),
                                     value: seconds * 1e3, unit: "ms", target: target, met: seconds <= command.target))
            case .unavailable(let reason):
                rows.append(BenchRow(name, scenario, figure: "n/a (\(reason))", value: nil, unit: "ms", target: target))
            }
            switch anchor {
            case .measured(let naiveSeconds):
                var figure = Format.duration(naiveSeconds)
                if case .measured(let seconds) = ours { figure += "; " + Format.speedup(ours: seconds, anchor: naiveSeconds) }
                rows.append(BenchRow(anchorName, naiveScenario, figure: figure, value: naiveSeconds * 1e3, unit: "ms"))
            case .unavailable(let reason):
                rows.append(BenchRow(anchorName, naiveScenario, figure: "n/a (\(reason))", value: nil, unit: "ms"))
            }
        }
        return rows
    }

    private func file(_ name: String) -> String {
        directory + "/" + name
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("udf-bench: \(message)\n".utf8))
    }
}

extension BenchSuite {
    /// The sender's cost, paired with and without the recorder, at every size.
    func dispatchRows(_ states: [Int: (state: BenchState, label: String)]) throws -> [BenchRow] {
        var rows: [BenchRow] = []
        for size in Self.sizes {
            guard let (state, label) = states[size] else { continue }
            progress("dispatch \(label)")
            let result = try DispatchBenchmark.run(
                state: state, sends: options.dispatchSends(stateBytes: size), rounds: options.dispatchRounds,
                path: file("dispatch-\(size).udf")
            )
            rows.append(BenchRow(
                "dispatch cost added by recorder", label,
                figure: "\(Format.duration(result.added)) median of \(result.pairs) paired differences "
                    + "(medians \(Format.duration(result.withoutRecorder)) → \(Format.duration(result.withRecorder)))",
                value: result.added * 1e6, unit: "µs", target: "≤ 500 ns", met: result.added <= 500e-9
            ))
        }
        return rows
    }
}
