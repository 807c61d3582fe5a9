import Foundation
import UDF
import UDFRecorder

/// Actions per second until everything is on disk, ours against the naive
/// recorder, and the bytes each leaves per step.
@MainActor
enum ThroughputBenchmark {
    struct Result {
        let actions: Int
        let seconds: Double
        let fileBytes: Int
        var perSecond: Double { Double(actions) / seconds }
        /// Steps in the file: the actions plus step 0.
        var bytesPerStep: Double { Double(fileBytes) / Double(actions + 1) }
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
        let seconds = measure {
            for n in 0..<actions {
                store.send(BenchReducer.action(n, count: items))
            }
            recorder.flush()
        }
        try recorder.close()
        return Result(actions: actions, seconds: seconds, fileBytes: FileSize.recording(path))
    }

    /// The same sends through the same store with no recorder.
    static func hostAlone<State>(state: State, reducer: Reducer<State, BenchAction>, items: Int, actions: Int) -> Result {
        let store = Store(initialState: state, reducer: reducer)
        let seconds = measure {
            for n in 0..<actions {
                store.send(BenchReducer.action(n, count: items))
            }
        }
        return Result(actions: actions, seconds: seconds, fileBytes: 0)
    }

    static func naive(state: BenchState, actions: Int, path: String) throws -> Result {
        let recorder = try NaiveRecorder(path: path)
        let store = Store(initialState: state, reducer: BenchReducer.reducer, middleware: [recorder.middleware()])
        let count = state.items.count
        var seconds = measure {
            for n in 0..<actions {
                store.send(BenchReducer.action(n, count: count))
            }
        }
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
