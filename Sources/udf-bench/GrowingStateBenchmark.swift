import Foundation
import UDF
import UDFJSON
import UDFRecorder

/// Throughput on the shop state, whose log grows with every action: the run
/// is cut into slices, each timed until its steps are on disk, so the first
/// and the last slice show whether the rate follows the change or the size.
@MainActor
enum GrowingStateBenchmark {
    struct Slice: Codable {
        let actions: Int
        let seconds: Double
        /// Canonical bytes of the state at the slice's end.
        let stateBytes: Int
        var perSecond: Double { Double(actions) / seconds }
    }

    struct Result: Codable {
        let slices: [Slice]
        let fileBytes: Int
        var actions: Int { slices.reduce(0) { $0 + $1.actions } }
        var seconds: Double { slices.reduce(0) { $0 + $1.seconds } }
    }

    /// Our recorder; `flush` ends each slice, so a slice's time includes writing it.
    static func ours(actions: Int, slices: Int, path: String) throws -> Result {
        let recorder = try Recorder(path: path, app: "udf-bench")
        let store = Store(initialState: ShopState.initial, reducer: ShopWorkload.reducer, middleware: [recorder.middleware()])
        let result = try run(store: store, actions: actions, slices: slices) { recorder.flush() }
        try recorder.close()
        return Result(slices: result, fileBytes: FileSize.recording(path))
    }

    /// The same workload through the same store with no recorder: the host's
    /// own rate, slice by slice, which no recorder can exceed.
    static func hostAlone(actions: Int, slices: Int) throws -> Result {
        let store = Store(initialState: ShopState.initial, reducer: ShopWorkload.reducer)
        return Result(slices: try run(store: store, actions: actions, slices: slices) {}, fileBytes: 0)
    }

    static func naive(actions: Int, slices: Int, path: String) throws -> Result {
        let recorder = try NaiveRecorder(path: path)
        let store = Store(initialState: ShopState.initial, reducer: ShopWorkload.reducer, middleware: [recorder.middleware()])
        let result = try run(store: store, actions: actions, slices: slices) {}
        try recorder.close()
        if let failure = recorder.failure { throw failure }
        return Result(slices: result, fileBytes: FileSize.recording(path))
    }

    /// The rate while the state grows from its first 1 KB to `bytes` (10 KB:
    /// where issue 16 asks for 20,000/s), in two halves, ours in turns with
    /// the host alone and the naive recorder, each run from a fresh store;
    /// the median of each half.
    static func smallWindow(upTo bytes: Int, runs: Int, directory: String) throws -> SmallWindow {
        let actions = try actionsToGrow(to: bytes)
        var ours: [[Slice]] = []
        var host: [[Slice]] = []
        var naive: [[Slice]] = []
        for run in 0..<runs {
            let path = directory + "/growing-small-\(run).udf"
            let naivePath = directory + "/growing-small-naive-\(run).udf"
            QuietDisk.settle()
            ours.append(try Self.ours(actions: actions, slices: 2, path: path).slices)
            host.append(try hostAlone(actions: actions, slices: 2).slices)
            QuietDisk.settle()
            naive.append(try Self.naive(actions: actions, slices: 2, path: naivePath).slices)
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: naivePath)
        }
        return SmallWindow(actions: actions, bytes: bytes, runs: runs, ours: Halves(ours), host: Halves(host), naive: Halves(naive))
    }

    /// Median actions a second in the first and the second half of a window's runs.
    struct Halves {
        let first: Double
        let second: Double

        init(_ runs: [[Slice]]) {
            first = Samples.median(of: runs.map { $0[0].perSecond })
            second = Samples.median(of: runs.map { $0[1].perSecond })
        }

        var lower: Double { min(first, second) }
        var shown: String { "\(Format.rate(first)) → \(Format.rate(second)) actions" }
    }

    struct SmallWindow {
        let actions: Int
        let bytes: Int
        let runs: Int
        let ours: Halves
        let host: Halves
        let naive: Halves
    }

    /// How many of the workload's actions grow the state to `bytes` of canonical JSON.
    static func actionsToGrow(to bytes: Int) throws -> Int {
        var state = ShopState.initial
        var sent = 0
        while try state.canonicalSize() < bytes {
            _ = ShopWorkload.reducer.reduce(into: &state, action: ShopWorkload.action(sent))
            sent += 1
        }
        return sent
    }

    static func rows(_ window: SmallWindow) -> [BenchRow] {
        let scenario = "shop state, \(Format.bytes(Double(ShopState.initialBytes))) → \(Format.bytes(Double(window.bytes))) "
            + "(\(window.actions) actions, in two halves), median of \(window.runs) runs"
        let (ours, naive) = (window.ours, window.naive)
        return [
            BenchRow(
                "growing state throughput at 1–10 KB, ours, first → second half", scenario,
                figure: "\(ours.shown) (\(Format.digits(ours.second / ours.first * 100))% kept)",
                value: ours.lower, unit: "actions/s",
                target: "flat, ≥ 20000/s", met: ours.lower >= 20_000 && ours.second >= ours.first * 0.8
            ),
            BenchRow(
                "growing state throughput at 1–10 KB, the host alone, first → second half", scenario,
                figure: window.host.shown, value: window.host.lower, unit: "actions/s"
            ),
            BenchRow(
                "growing state throughput at 1–10 KB, naive, first → second half", scenario,
                figure: "\(naive.shown) (ours \(Format.digits(ours.first / naive.first))× → \(Format.digits(ours.second / naive.second))× of it)",
                value: naive.lower, unit: "actions/s"
            ),
        ]
    }

    /// The shop state after `actions` (arrays of strings, nested
    /// dictionaries, enums with payloads, optionals, the grown log) to
    /// canonical text, straight (`JSONTextEncoder`) beside the value tree
    /// and its writer.
    static func textRows(actions: [Int]) throws -> [BenchRow] {
        var state = ShopState.initial
        var sent = 0
        var rows: [BenchRow] = []
        for count in actions {
            while sent < count {
                _ = ShopWorkload.reducer.reduce(into: &state, action: ShopWorkload.action(sent))
                sent += 1
            }
            let result = try EncodeBenchmark.textAgainstTree(state, samples: 30)
            rows.append(BenchRow(
                "Encodable → canonical text, straight (JSONTextEncoder)", "shop state after \(count) actions (\(Format.bytes(Double(result.bytes))))",
                figure: "\(Format.duration(result.straight)); through a JSONValue then JSONWriter (anchor) "
                    + "\(Format.duration(result.tree)), \(Format.digits(result.tree / result.straight))×",
                value: result.straight * 1e3, unit: "ms"
            ))
        }
        return rows
    }

    /// Sends the workload slice by slice; the state's size is taken between slices, untimed.
    private static func run(
        store: Store<ShopState, ShopAction>, actions: Int, slices: Int, finishSlice: () -> Void
    ) throws -> [Slice] {
        let width = max(1, actions / max(slices, 1))
        var result: [Slice] = []
        var sent = 0
        while sent < actions {
            let end = min(sent + width, actions)
            let seconds = measure {
                for n in sent..<end {
                    store.send(ShopWorkload.action(n))
                }
                finishSlice()
            }
            let bytes = try store.state.canonicalSize()
            result.append(Slice(actions: end - sent, seconds: seconds, stateBytes: bytes))
            sent = end
        }
        return result
    }

    static func rows(ours: Result, host: Result, naive: Result) -> [BenchRow] {
        guard let first = ours.slices.first, let last = ours.slices.last,
              let hostFirst = host.slices.first, let hostLast = host.slices.last,
              let naiveFirst = naive.slices.first, let naiveLast = naive.slices.last else { return [] }
        let scenario = "shop state, \(ours.actions) actions, log grows every action, "
            + "\(Format.bytes(Double(ShopState.initialBytes))) → \(Format.bytes(Double(last.stateBytes)))"
        return [
            BenchRow(
                "growing state throughput, ours, first → last tenth", scenario,
                figure: "\(Format.rate(first.perSecond)) → \(Format.rate(last.perSecond)) actions "
                    + "(\(Format.digits(last.perSecond / first.perSecond * 100))% kept), overall \(Format.rate(Double(ours.actions) / ours.seconds))",
                value: last.perSecond, unit: "actions/s",
                target: "flat, ≥ 20000/s", met: last.perSecond >= 20_000 && last.perSecond >= first.perSecond * 0.8
            ),
            BenchRow(
                "growing state throughput, the host alone (no recorder), first → last tenth", scenario,
                figure: "\(Format.rate(hostFirst.perSecond)) → \(Format.rate(hostLast.perSecond)) actions "
                    + "(ours is \(Format.digits(first.perSecond / hostFirst.perSecond * 100))% → "
                    + "\(Format.digits(last.perSecond / hostLast.perSecond * 100))% of it)",
                value: hostLast.perSecond, unit: "actions/s"
            ),
            BenchRow(
                "growing state throughput, naive, first → last tenth", scenario,
                figure: "\(Format.rate(naiveFirst.perSecond)) → \(Format.rate(naiveLast.perSecond)) actions",
                value: naiveLast.perSecond, unit: "actions/s"
            ),
            BenchRow(
                "growing state ours / naive, first → last tenth", scenario,
                figure: "\(Format.digits(first.perSecond / naiveFirst.perSecond))× → \(Format.digits(last.perSecond / naiveLast.perSecond))×; "
                    + "\(Format.bytes(Double(ours.fileBytes))) vs \(Format.bytes(Double(naive.fileBytes))) on disk",
                value: last.perSecond / naiveLast.perSecond, unit: "ratio"
            ),
        ]
    }
}

extension ShopState {
    /// Canonical bytes of the initial state.
    @MainActor static let initialBytes = (try? ShopState.initial.canonicalSize()) ?? 0

    /// Bytes of this state's canonical JSON.
    func canonicalSize() throws -> Int {
        try JSONValueEncoder().encode(self).canonicalBytes.count
    }
}
