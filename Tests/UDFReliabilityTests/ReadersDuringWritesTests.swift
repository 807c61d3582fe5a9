import Foundation
import Synchronization
import TestSupport
import Testing
import TodoExample
import UDF
import UDFLog
import UDFRecorder

/// `udf-inspect` reading a file while a host appends 100,000 actions to it:
/// no reader fails, and the writer is never held up by them.
@MainActor
@Suite struct ReadersDuringWritesTests {
    @Test func logShowAndDiffRunWhileAHostRecordsOneHundredThousandActions() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("busy.udf")
        let failures = FailureLog()
        let recorder = try Recorder(path: path, app: "Notebook") { failures.append($0.description) }
        let store = Store(initialState: NotebookState(), reducer: NotebookAction.reducer, middleware: [recorder.middleware()])
        for n in 1...100 { store.send(.write("note \(n)")) }
        recorder.flush()

        let readers = ReaderLoop(path: path, committed: 101)
        let thread = Thread { readers.run() }
        thread.start()

        let clock = ContinuousClock()
        var slowestSend = Duration.zero
        for _ in 1...99_900 {
            let start = clock.now
            store.send(.tick)
            slowestSend = max(slowestSend, clock.now - start)
        }
        try recorder.close()
        readers.stop()

        #expect(failures.all == [])
        // A send only waits when the queue is full, that is when the writer is stuck.
        #expect(slowestSend < .seconds(5), "a send waited \(slowestSend)")
        #expect(readers.problems == [])
        #expect(readers.runs >= 6, "only \(readers.runs) reader runs")
        let session = try Recording(path: path).session(nil)
        #expect(session.stepCount == 100_001)
        #expect(session.status == .closed)
    }
}

/// Runs the built `udf-inspect` against the file, command after command, until stopped.
final class ReaderLoop: Sendable {
    private let path: String
    private let committed: Int
    private let isStopped = Atomic(false)
    private let state = Mutex((runs: 0, problems: [String]()))
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, committed: Int) {
        self.path = path
        self.committed = committed
    }

    var runs: Int { state.withLock { $0.runs } }
    var problems: [String] { state.withLock { $0.problems } }

    func run() {
        defer { finished.signal() }
        var random = TestSupport.SplitMix64(seed: 5)
        let commands: [(Int) -> [String]] = [
            { _ in ["log", self.path, "--last", "3"] },
            { step in ["show", self.path, "\(step)", "--path", ".notes"] },
            { step in ["diff", self.path, "\(step)"] },
            { _ in ["sessions", self.path] },
            { _ in ["log", self.path, "--action", "write", "--last", "2"] },
        ]
        var index = 0
        while !isStopped.load(ordering: .acquiring) {
            let step = 1 + Int(random.next() % UInt64(committed - 1))
            let arguments = commands[index % commands.count](step)
            index += 1
            do {
                let outcome = try Subprocess.run(Executables.inspector, arguments, timeout: 60)
                state.withLock { state in
                    state.runs += 1
                    if !outcome.exited || outcome.status != 0 || outcome.stderr != "" || outcome.stdout.isEmpty {
                        state.problems.append("\(arguments.joined(separator: " ")): \(outcome.status) \(outcome.stderr)")
                    }
                }
            } catch {
                state.withLock { $0.problems.append("\(arguments): \(error)") }
            }
        }
    }

    /// Stops after the command running now, and waits for it.
    func stop() {
        isStopped.store(true, ordering: .releasing)
        finished.wait()
    }
}
