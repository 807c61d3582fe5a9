/// What `udf-bench` was asked for, and how many repetitions that means.
struct BenchOptions: Sendable {
    var json = false
    var quick = false
    /// Keeps the recordings the run made (their directory is printed), for profiling.
    var keep = false
    /// Runs only the many-recordings rows.
    var fleetOnly = false
    /// Runs only the `blame` rows.
    var blameOnly = false
    /// Runs only the dispatch rows.
    var dispatchOnly = false
    /// Runs only issue 16's diff, parse, rebuild and file-size rows at 1 MB.
    var diffParseOnly = false
    /// Runs only issue 16's rows: the growing state, and queries on long recordings.
    var longOnly = false
    /// Runs only the growing state's rows.
    var growingOnly = false
    /// Runs only the export rows, on a recording of this many steps.
    var exportOnlySteps: Int?

    init(arguments: [String]) throws(BenchError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--export-only":
                guard let text = remaining.popFirst(), let steps = Int(text), steps >= 1_000 else {
                    throw BenchError("--export-only needs a step count of 1000 or more, such as 1000000")
                }
                exportOnlySteps = steps
            case "--json": json = true
            case "--quick": quick = true
            case "--keep": keep = true
            case "--fleet-only": fleetOnly = true
            case "--blame-only": blameOnly = true
            case "--dispatch-only": dispatchOnly = true
            case "--diff-parse-only": diffParseOnly = true
            case "--long-only": longOnly = true
            case "--growing-only": growingOnly = true
            default: throw BenchError("unknown argument '\(argument)'; see 'udf-bench --help'")
            }
        }
    }

    /// Pairs of sends timed one by one per round, and rounds, for the dispatch rows.
    func dispatchSends(stateBytes: Int) -> Int { stateBytes >= 1_000_000 ? (quick ? 1_000 : 3_000) : (quick ? 500 : 2_000) }
    var dispatchRounds: Int { quick ? 3 : 7 }

    /// Actions per throughput run, ours and naive.
    func ourActions(stateBytes: Int) -> Int {
        stateBytes >= 1_000_000 ? 1_000 : (quick ? 5_000 : 20_000)
    }

    func naiveActions(stateBytes: Int) -> Int {
        stateBytes >= 1_000_000 ? (quick ? 15 : 40) : stateBytes >= 10_000 ? (quick ? 500 : 2_000) : (quick ? 2_000 : 8_000)
    }

    /// Throughput runs whose median is reported; the first 1 MB run is also
    /// the 1,000-step recording for the file-size and rebuild rows. One run
    /// at 1 MB read anywhere from 1,200 to 2,600 actions/s on an idle
    /// machine, the host alone as widely, so every size takes a median.
    var throughputRuns: Int { quick ? 3 : 5 }

    /// Steps timed one by one for the keyed state's encode row.
    func keyedEncodeSamples(stateBytes: Int) -> Int { stateBytes >= 1_000_000 ? (quick ? 15 : 50) : (quick ? 200 : 1_000) }

    var rebuildSamples: Int { quick ? 30 : 100 }
    var diffSamples: Int { quick ? 15 : 50 }
    var inspectorRuns: Int { quick ? 3 : 7 }
    var longRecordingActions: Int { exportOnlySteps ?? 1_000_000 }
    /// Steps of the HTML export row: issue 14 asks for 100,000.
    var htmlExportSteps: Int { min(100_000, longRecordingActions) }
    /// Recordings and steps each for the many-recordings rows.
    var fleetFiles: Int { quick ? 20 : 100 }
    var fleetSteps: Int { quick ? 2_000 : 10_000 }
    /// Actions of the todo workload for the `blame` rows: issue 17's 10,000 steps.
    var blameActions: Int { 10_000 }
    /// Actions of the growing-state throughput rows, ours and naive alike.
    var growingActions: Int { quick ? 5_000 : 10_000 }
    /// Runs of the growing state from 1 KB to 10 KB, ours, the host alone and naive each.
    var smallWindowRuns: Int { quick ? 5 : 15 }
    /// Actions of the long shop recording the query rows read.
    var growingRecordingActions: Int { 20_000 }
    /// Runs of each query row (one when a run takes over two seconds).
    var longQueryRuns: Int { quick ? 3 : 5 }
}

/// A benchmark that could not run, with a one-line reason.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
