import Foundation
import Synchronization
import UDFLog

/// A long range of steps read in stretches at once, each stretch on its own
/// thread through its own connection to the file, and each stretch's result
/// handed back in step order.
///
/// `find` and `blame` carry a state from step to step, so one walk uses one
/// core. A stretch starts from the state before its first step, rebuilt, so
/// it finds exactly what one walk finds there; joined in order, the
/// stretches answer as one walk does.
struct StretchedWalk: Sendable {
    /// Threads to read on: one per core by default, at most `maximumWorkers`.
    var workers = ProcessInfo.processInfo.activeProcessorCount
    /// A walk is split only into stretches that read at least this many
    /// steps each: opening a connection and rebuilding a stretch's first
    /// state costs about as much as reading a few hundred steps.
    var minimumStretch = 8_192

    /// The most threads a query reads on, whatever it is asked: each holds
    /// a connection and its files open.
    static let maximumWorkers = 64

    /// Tells a stretch still running that its result is no longer wanted.
    final class StopSignal: Sendable {
        private let stopped = Atomic<Bool>(false)
        var isStopped: Bool { stopped.load(ordering: .relaxed) }
        func stop() { stopped.store(true, ordering: .relaxed) }
    }

    private var threads: Int { min(max(1, workers), Self.maximumWorkers) }

    /// `range` cut into up to four stretches a worker, of equal length, for
    /// a walk that reads `reading` of its steps (the others the file's
    /// index leaves out).
    func stretches(of range: ClosedRange<Int>, reading: Int? = nil) -> [ClosedRange<Int>] {
        let count = min(threads * 4, (reading ?? range.count) / max(1, minimumStretch))
        guard threads > 1, count > 1 else { return [range] }
        return (0..<count).map { part in
            (range.lowerBound + range.count * part / count)...(range.lowerBound + range.count * (part + 1) / count - 1)
        }
    }

    /// Calls `job` for each stretch of `range` and `deliver` with its result,
    /// in step order, on this thread. A range that is not split runs on
    /// this thread through `recording`. `deliver` returns false to stop:
    /// no further stretch starts, and running ones see the signal stopped.
    /// The first stretch, in step order, that throws ends the walk with its error.
    func run<Output: Sendable>(
        _ range: ClosedRange<Int>,
        reading: Int? = nil,
        in recording: Recording,
        job: @escaping @Sendable (_ recording: Recording, _ stretch: ClosedRange<Int>, _ signal: StopSignal) throws -> Output,
        deliver: (Output) -> Bool
    ) throws {
        let stretches = stretches(of: range, reading: reading)
        let signal = StopSignal()
        guard stretches.count > 1 else {
            _ = deliver(try job(recording, range, signal))
            return
        }
        let path = recording.path
        var failure: (any Error)?
        OrderedWorkerPool(workers: threads).run(stretches, job: { stretch in
            Result { try job(try Recording(path: path), stretch, signal) }
        }, deliver: { _, result in
            let keepGoing: Bool
            switch result {
            case .success(let output):
                keepGoing = deliver(output)
            case .failure(let error):
                failure = error
                keepGoing = false
            }
            if !keepGoing { signal.stop() }
            return keepGoing
        })
        if let failure { throw failure }
    }
}
