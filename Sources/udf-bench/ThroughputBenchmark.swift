import Foundation
import UDF
import UDFRecorder

/// Actions per second until everything is on disk, ours against the naive
/// recorder, and the bytes each leaves per step.
///
/// Ours and the host alone are timed once the store's undo history is full
/// (`timeAfterFillingHistory`), as in a host that has run a while.
@MainActor
enum ThroughputBenchmark {
    struct Result {
        let actions: Int
        let seconds: Double
        let fileBytes: Int
        /// Actions sent to fill the store's history before the timing
        /// began (recorded too), and how long they took from a fresh store.
        var filling = (actions: 0, seconds: 0.0)
        var perSecond: Double { Double(actions) / seconds }
        /// The rate while the store's history filled.
        var fillingPerSecond: Double { Double(filling.actions) / filling.seconds }
        /// The actions recorded, timed or not.
        var recordedActions: Int { filling.actions + actions }
        /// Steps in the file: every action plus step 0.
        var bytesPerStep: Double { Double(fileBytes) / Double(recordedActions + 1) }
    }

    static func ours(
        state: BenchState, actions: Int, path: String, options: RecorderOptions = RecorderOptions()
    ) throws -> Result {
        try ours(state: state, reducer: BenchReducer.reducer, items: state.items.count, actions: actions, path: path, options: options)
    }

    /// The same sends through the same store with no recorder: the host's
    /// own rate, which no recorder can exceed.
    static func hostAlone(state: BenchState, actions: Int) -> Result {
        hostAlone(state: state, reducer: BenchReducer.reducer, items: state.items.count, actions: actions)
    }

    /// `actions` bumps spread over `items` items of any bench state, through
    /// a store with our recorder, until everything is on disk.
    static func ours<State: Encodable & Sendable>(
        state: State, reducer: Reducer<State, BenchAction>, items: Int, actions: Int, path: String,
        options: RecorderOptions = RecorderOptions()
    ) throws -> Result {
        let recorder = try Recorder(path: path, app: "udf-bench", options: options)
        let store = Store(initialState: state, reducer: reducer, middleware: [recorder.middleware()])
        let timed = timeAfterFillingHistory(of: store, items: items, actions: actions, settle: recorder.flush)
        try recorder.close()
        return Result(actions: actions, seconds: timed.seconds, fileBytes: FileSize.recording(path), filling: timed.filling)
    }

    /// The same sends through the same store with no recorder.
    static func hostAlone<State>(state: State, reducer: Reducer<State, BenchAction>, items: Int, actions: Int) -> Result {
        let store = Store(initialState: state, reducer: reducer)
        let timed = timeAfterFillingHistory(of: store, items: items, actions: actions)
        return Result(actions: actions, seconds: timed.seconds, fileBytes: 0, filling: timed.filling)
    }

    /// Fills `store`'s undo history, `historyLimit + 1` sends, then times
    /// `actions` sends more; `settle` ends each part (a recorder's flush).
    ///
    /// Until the history is full, every send's copy of the state is new
    /// memory, which the kernel zeroes page by page: at 1 MB that was most
    /// of a send, and on this virtual machine its cost varied fourfold from
    /// run to run. Once it is full, each send frees the copy it drops, and
    /// the next copy reuses it.
    private static func timeAfterFillingHistory<State>(
        of store: Store<State, BenchAction>, items: Int, actions: Int, settle: () -> Void = {}
    ) -> (filling: (actions: Int, seconds: Double), seconds: Double) {
        let untimed = store.historyLimit + 1
        let filling = measure {
            send(0..<untimed, to: store, items: items)
            settle()
        }
        let seconds = measure {
            send(untimed..<untimed + actions, to: store, items: items)
            settle()
        }
        return ((untimed, filling), seconds)
    }

    /// Bumps `numbers` spread over `items` items.
    private static func send<State>(_ numbers: Range<Int>, to store: Store<State, BenchAction>, items: Int) {
        for n in numbers {
            store.send(BenchReducer.action(n, count: items))
        }
    }

    static func naive(state: BenchState, actions: Int, path: String) throws -> Result {
        let recorder = try NaiveRecorder(path: path)
        let store = Store(initialState: state, reducer: BenchReducer.reducer, middleware: [recorder.middleware()])
        var seconds = measure { send(0..<actions, to: store, items: state.items.count) }
        seconds += try measure { try recorder.close() }
        if let failure = recorder.failure { throw failure }
        // The naive file has no step 0, so count its rows as the actions alone.
        return Result(actions: actions, seconds: seconds, fileBytes: FileSize.recording(path) * (actions + 1) / actions)
    }
}

/// Bytes a recording occupies: the database plus any WAL beside it.
enum FileSize {
    static func recording(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
            return total + (size ?? 0)
        }
    }
}
