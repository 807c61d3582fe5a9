import Foundation
import Synchronization
import UDF
import UDFJSON
import UDFLog

/// Records a host's actions and states into a recording file, whatever its store.
///
/// A host with its own store (TCA, ReSwift, a hand-written one, an
/// `@Observable` model) records transitions itself: `start(state:)` once with
/// the state it starts from, then `record(action:state:)` after every action
/// with the state the action produced. The recorder numbers the steps.
/// Our own `Store`'s `middleware()` is one client of that API.
///
/// The caller only copies the values (states are copy-on-write values) into a
/// bounded queue; it may call from any thread or actor, and steps are numbered
/// in the order the calls enter the queue. The recorder's own two threads do
/// the rest, in the writer's one pipeline (`RecordingWriter`'s step encoder):
/// one encodes, redacts, hashes and diffs each batch of states
/// (`RecordingWriter.prepare`) while the other writes the batch before it
/// (`write`: the actions' and keyframes' texts, and SQLite). Values that are
/// not `Encodable` are recorded by reflection (`ReflectedValue`).
///
/// A recorder never crashes its host. A deleted file, a full disk or a value
/// that cannot be encoded is reported once through `onFailure`; recording
/// stops and the program goes on. Misuse (a step sent after `close()`, a
/// transition before the first state) is reported once the same way.
///
/// For example:
/// ```swift
/// let recorder = try Recorder(path: "todo.udf", app: "TodoExample")
/// recorder.start(state: model.state)
/// model.apply(.addTodo("Buy milk"))
/// recorder.record(action: TodoAction.addTodo("Buy milk"), state: model.state)
/// try recorder.close()
/// ```
public final class Recorder: Sendable {
    /// The recording file, normalized (see `normalized(_:)`).
    public let path: String
    @usableFromInline let queue: StepQueue
    private let options: RecorderOptions
    private let onFailure: @Sendable (RecorderFailure) -> Void
    private let state = Mutex(RecorderState())
    private let writerDone = DispatchSemaphore(value: 0)
    private let writer: WriterBox
    /// From the encoding thread to the writing thread, one batch at a time:
    /// the encoder prepares the next batch while the last one is written.
    private let handoff = Handoff<PreparedWork>(capacity: 1)

    private struct RecorderState {
        var failure: RecorderFailure?
        var isClosed = false
        var reportedMisuse = false
    }

    /// Starts a session in `path`, creating the file when it is missing.
    ///
    /// - Parameters:
    ///   - path: the recording file, conventionally `*.udf`. A trailing slash,
    ///     `.` and `..` components and a leading `~` are normalized away.
    ///   - app: the host's name, shown by `udf-inspect sessions`.
    ///   - onFailure: called once if recording stops, on the writing thread, or
    ///     on the caller's thread for misuse. By default it prints one line to
    ///     standard error.
    /// - Throws: `RecordingError`: `.invalidArgument` for an empty app name,
    ///   and the writer's errors for a file that cannot be opened or is not a
    ///   recording. Nothing is reported through `onFailure` then.
    public convenience init(
        path: String,
        app: String,
        options: RecorderOptions = RecorderOptions(),
        onFailure: @escaping @Sendable (RecorderFailure) -> Void = Recorder.printFailure
    ) throws {
        guard !app.isEmpty else { throw RecordingError.invalidArgument("the app name must not be empty") }
        let path = Self.normalized(path)
        let writer = try RecordingWriter(
            path: path,
            app: app,
            options: .init(
                keyframePolicy: options.keyframePolicy, metadata: options.metadata, maximumFileSize: options.maximumFileSize,
                redactor: options.redactor, shadowCheck: options.shadowCheck, appVersion: options.appVersion
            )
        )
        self.init(path: path, options: options, onFailure: onFailure, writer: writer, resumedAt: nil)
    }

    /// Starts the encoding and writing threads on `writer`.
    ///
    /// - Parameter resumedAt: the step the file already holds the state of,
    ///   for a resumed branch: the first transition is numbered after it.
    init(
        path: String,
        options: RecorderOptions,
        onFailure: @escaping @Sendable (RecorderFailure) -> Void,
        writer: RecordingWriter,
        resumedAt: Int?
    ) {
        self.path = path
        self.options = options
        self.onFailure = onFailure
        self.queue = StepQueue(capacity: options.queueCapacity, batchSize: options.batchSize, nextStep: resumedAt.map { $0 + 1 })
        self.writer = WriterBox(writer: writer, identity: FileIdentity(path: path))
        let encoding = Thread { [self] in runEncoder() }
        encoding.name = "udf-recorder"
        // A state 512 levels deep (the most readers accept) recurses through
        // `Encodable` and the hash; a secondary thread's default stack, 512 KB
        // on Apple platforms, would not hold it. The main thread's size, as
        // the readers' workers have.
        encoding.stackSize = 8 << 20
        encoding.start()
        let writing = Thread { [self] in runWriter() }
        writing.name = "udf-recorder-writer"
        writing.stackSize = 8 << 20
        writing.start()
    }

    /// `path` made absolute and plain, so that the file checked for deletion
    /// is the file SQLite writes.
    public static func normalized(_ path: String) -> String {
        let expanded = NSString(string: path).expandingTildeInPath
        return URL(fileURLWithPath: expanded).standardizedFileURL.path
    }

    /// The failure that stopped recording, if any.
    public var failure: RecorderFailure? {
        state.withLock { $0.failure }
    }

    /// The session this recorder writes.
    public var sessionID: Int { writer.writer.sessionID }

    /// Records the state the host starts from as the session's first step.
    ///
    /// Call it once, before the first `record(action:state:)`.
    ///
    /// - Parameters:
    ///   - step: its number; transitions are numbered from `step + 1`. A
    ///     store with steps of its own passes its initial step here so that
    ///     causes name the same steps in the file.
    ///   - time: when the host started from it.
    public func start<State: Encodable & Sendable>(state: State, step: Int = 0, time: Date = Date()) {
        queueFirst(state, step: step, time: time)
    }

    /// Records the state the host starts from, by reflection: it is not `Encodable`.
    public func start<State>(state: State, step: Int = 0, time: Date = Date()) {
        let (value, reflected) = Self.reflecting(state)
        queueFirst(value, step: step, time: time, reflected: reflected ? .state : [])
    }

    /// Records one transition: `action`, and the state after the reducer ran.
    ///
    /// - Parameters:
    ///   - actionName: the name `log` and `--action` filters show; nil takes
    ///     the enum case from the encoded action.
    ///   - cause: the step of the action whose effect sent this one, if any.
    ///   - time: when the reducer started.
    ///   - reducerDuration: how long the reducer ran, if measured.
    /// - Returns: the step number given to the transition, or nil if it was
    ///   not recorded (recording stopped, or misuse reported through `onFailure`).
    @discardableResult
    @inlinable
    public func record<Action: Encodable & Sendable, State: Encodable & Sendable>(
        action: Action,
        state: State,
        actionName: String? = nil,
        cause: Int? = nil,
        time: Date = Date(),
        reducerDuration: Duration? = nil
    ) -> Int? {
        queueNext(action: action, state: state, actionName: actionName, cause: cause, time: time, reducerDuration: reducerDuration)
    }

    /// Records one transition whose action or state is not `Encodable`: what
    /// is not is recorded by reflection (`ReflectedValue`), on the recorder's
    /// threads, except a class instance, which may change after this call and
    /// so is reflected at once, on the caller's thread.
    @discardableResult
    public func record<Action, State>(
        action: Action,
        state: State,
        actionName: String? = nil,
        cause: Int? = nil,
        time: Date = Date(),
        reducerDuration: Duration? = nil
    ) -> Int? {
        let (actionValue, actionReflected) = Self.reflecting(action)
        let (stateValue, stateReflected) = Self.reflecting(state)
        var reflected: ReflectedParts = []
        if actionReflected { reflected.insert(.actions) }
        if stateReflected { reflected.insert(.state) }
        return queueNext(
            action: actionValue, state: stateValue,
            actionName: actionName, cause: cause, time: time, reducerDuration: reducerDuration, reflected: reflected
        )
    }

    /// The value itself when it is `Encodable` after all; else a value to
    /// reflect on the recorder's threads, or a class instance reflected now.
    /// The flag says whether reflection was needed.
    static func reflecting(_ value: Any) -> (value: any Encodable & Sendable, reflected: Bool) {
        // `ReflectedValue` encodes an `Encodable` value as it always does.
        let reflected = !(value is any Encodable)
        guard type(of: value) is AnyClass else { return (ReflectedValue(value), reflected) }
        do {
            return (try JSONValueEncoder().encode(ReflectedValue(value)), reflected)
        } catch {
            return (UnencodableSnapshot(reason: "\(error)"), reflected)
        }
    }

    private func queueFirst(_ state: any Encodable & Sendable, step: Int, time: Date, reflected: ReflectedParts = []) {
        do {
            try queue.pushFirst(step: step) { step in
                HostStep(step: step, time: time, action: nil, cause: nil, reducerNanoseconds: nil, state: state, reflected: reflected)
            }
        } catch {
            report(error)
        }
    }

    /// Generic, so that the step's values are boxed once, straight from the
    /// host's types, not copied from boxes made before.
    @inlinable
    func queueNext<Action: Encodable & Sendable, State: Encodable & Sendable>(
        action: Action,
        state: State,
        actionName: String?,
        cause: Int?,
        time: Date,
        reducerDuration: Duration?,
        reflected: ReflectedParts = []
    ) -> Int? {
        do {
            return try queue.pushNext { step in
                HostStep(
                    step: step, time: time, action: action, actionName: actionName, cause: cause,
                    reducerNanoseconds: reducerDuration.map(Int.init(nanoseconds:)), state: state, reflected: reflected
                )
            }
        } catch {
            report(error)
            return nil
        }
    }

    /// Queues one of our `Store`'s transitions, and before the first one the
    /// state it starts from, under one lock.
    ///
    /// `@inlinable`, as `record(action:state:)` is: compiled into the host's
    /// module, it is specialized for the host's types. Run generically, each
    /// send read the types' metadata to copy and box the state; after a 1 MB
    /// state's copy those reads miss the cache, about 120 ns a send.
    @inlinable
    func queueTransition<State: Encodable & Sendable, Action: Encodable & Sendable>(_ transition: Transition<State, Action>) {
        do {
            _ = try queue.pushNext(orStartAt: transition.step - 1, with: { step in
                HostStep(step: step, time: transition.timestamp, action: nil, cause: nil, reducerNanoseconds: nil, state: transition.stateBefore)
            }, { step in
                HostStep(
                    step: step, time: transition.timestamp, action: transition.action, cause: transition.cause,
                    reducerNanoseconds: Int(nanoseconds: transition.reducerDuration), state: transition.stateAfter
                )
            })
        } catch {
            report(error)
        }
    }

    /// Reports misuse once; a stopped recorder has reported its failure already.
    @usableFromInline
    func report(_ refusal: StepQueue.Refusal) {
        let message: String
        switch refusal {
        case .stopped:
            return
        case .closed:
            message = "a step was sent after close() and not recorded (a store with effects in flight must settle before close())"
        case .notStarted:
            message = "record(action:state:) was called before start(state:); the step was not recorded"
        case .alreadyStarted:
            message = "start(state:) was called twice; the second state was not recorded"
        }
        let isFirst = state.withLock { recorder in
            defer { recorder.reportedMisuse = true }
            return !recorder.reportedMisuse
        }
        if isFirst {
            onFailure(RecorderFailure(error: .invalidArgument(message), stoppedRecording: false))
        }
    }

    /// Blocks until every step queued so far is written, or given up.
    public func flush() {
        queue.waitUntilDrained()
    }

    /// Writes what is queued, marks the session closed, and stops the writer.
    ///
    /// - Throws: `RecorderFailure` if recording had stopped on an error.
    public func close() throws {
        let alreadyClosed = state.withLock { recorder in
            defer { recorder.isClosed = true }
            return recorder.isClosed
        }
        if !alreadyClosed {
            queue.close()
            writerDone.wait()
        }
        if let failure { throw failure }
    }

    /// The first stage: prepares each batch taken from the queue, in order.
    /// It touches only the writer's encoder, never its database.
    private func runEncoder() {
        // Set at this stage's own failure, before the writing stage reports it.
        var stopped = false
        while let items = queue.take(upTo: options.batchSize) {
            guard failure == nil, !stopped else {
                handoff.put(.skipped(steps: items.count))
                continue
            }
            var batch = PreparedBatch()
            do {
                try writer.writer.prepare(items, into: &batch)
                handoff.put(.batch(batch))
            } catch {
                stopped = true
                // The steps before the one that failed are written, then the recorder stops.
                if batch.count > 0 { handoff.put(.batch(batch)) }
                handoff.put(.failed(error, steps: items.count - batch.count))
            }
        }
        handoff.finish()
    }

    /// The second stage: writes each prepared batch, in order, and closes
    /// the file once the first stage has ended.
    private func runWriter() {
        defer {
            if failure == nil {
                do {
                    try writer.writer.close()
                } catch {
                    fail(error)
                }
            }
            writerDone.signal()
        }
        // The encoding stage finishes with no error: its failures travel as work.
        while let work = try? handoff.take() {
            if failure == nil {
                switch work {
                case .batch(let batch):
                    write(batch)
                case .failed(let error, _):
                    stop(error)
                case .skipped:
                    break
                }
            }
            queue.markFinished(work.steps)
        }
    }

    private func write(_ batch: PreparedBatch) {
        do {
            try writer.writer.write(batch, keepingEarlierRows: true)
            if !writer.identity.stillMatches() {
                throw RecordingError.io("'\(path)' was deleted or replaced while recording")
            }
        } catch {
            stop(error)
        }
    }

    /// Reports `error` and marks the session interrupted; on the writing thread.
    private func stop(_ error: any Error) {
        fail(error)
        writer.writer.abandon()
    }

    private func fail(_ error: any Error) {
        let recordingError = (error as? RecordingError) ?? .io("\(error)")
        let failure = RecorderFailure(error: recordingError)
        let isFirst = state.withLock { recorder in
            defer { if recorder.failure == nil { recorder.failure = failure } }
            return recorder.failure == nil
        }
        guard isFirst else { return }
        queue.stop()
        onFailure(failure)
    }

    /// The default failure report: one line on standard error.
    public static let printFailure: @Sendable (RecorderFailure) -> Void = { failure in
        FileHandle.standardError.write(Data("\(failure)\n".utf8))
    }
}

/// A class instance that could not be reflected on the caller's thread: its
/// encoding fails on the recorder's threads, which report it like any other
/// value that cannot be encoded.
private struct UnencodableSnapshot: Encodable, Error {
    let reason: String

    func encode(to encoder: any Encoder) throws {
        throw self
    }
}

/// What the encoding thread made of the steps it took.
private enum PreparedWork: Sendable {
    case batch(PreparedBatch)
    /// The steps could not be prepared: the writing thread reports `error`.
    case failed(RecordingError, steps: Int)
    /// Recording had stopped: the steps are given up unprepared.
    case skipped(steps: Int)

    var steps: Int {
        switch self {
        case .batch(let batch): batch.count
        case .failed(_, let steps), .skipped(let steps): steps
        }
    }
}

/// Once the recorder starts, the writer's encoder is used only on the
/// encoding thread (`prepare`) and its database only on the writing thread
/// (`write`, `close`, `abandon`).
private final class WriterBox: @unchecked Sendable {
    let writer: RecordingWriter
    let identity: FileIdentity

    init(writer: RecordingWriter, identity: FileIdentity) {
        self.writer = writer
        self.identity = identity
    }
}

extension Int {
    @usableFromInline
    init(nanoseconds duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
