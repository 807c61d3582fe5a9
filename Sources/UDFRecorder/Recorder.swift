import Foundation
import Synchronization
import UDF
import UDFJSON
import UDFLog

/// Records a store's actions and states into a recording file.
///
/// The thread that calls `send` only copies the transition (the states are
/// copy-on-write values) into a bounded queue. Encoding, redaction, diffing
/// and SQLite writes happen on the recorder's own writer thread, in the
/// writer's one pipeline (`RecordingWriter`'s step encoder).
///
/// A recorder never crashes its host. An unwritable path, a deleted file, a
/// full disk or a value that cannot be encoded is reported once through
/// `onFailure`; recording stops and the program goes on.
///
/// For example:
/// ```swift
/// let recorder = try Recorder(path: "todo.udf", app: "TodoExample")
/// let store = Store(initialState: TodoState(), reducer: todoReducer,
///                   middleware: [recorder.middleware()])
/// store.send(.addTodo("Buy milk"))
/// try recorder.close()
/// ```
public final class Recorder: Sendable {
    public let path: String
    private let queue: StepQueue
    private let options: RecorderOptions
    private let onFailure: @Sendable (RecorderFailure) -> Void
    private let state = Mutex(RecorderState())
    private let writerDone = DispatchSemaphore(value: 0)
    private let writer: WriterBox?

    private struct RecorderState {
        var failure: RecorderFailure?
        var hasBaseStep = false
        var isClosed = false
    }

    /// Starts a session in `path`, creating the file when it is missing.
    ///
    /// A file that cannot be opened does not throw: it is reported through
    /// `onFailure`, and the recorder records nothing.
    ///
    /// - Parameters:
    ///   - path: the recording file, conventionally `*.udf`.
    ///   - app: the host's name, shown by `udf-inspect sessions`.
    ///   - onFailure: called once, on the writer thread, if recording stops.
    ///     By default it prints one line to standard error.
    /// - Throws: `RecordingError.invalidArgument` for an empty app name.
    public convenience init(
        path: String,
        app: String,
        options: RecorderOptions = RecorderOptions(),
        onFailure: @escaping @Sendable (RecorderFailure) -> Void = Recorder.printFailure
    ) throws {
        guard !app.isEmpty else { throw RecordingError.invalidArgument("the app name must not be empty") }
        let opened: Result<RecordingWriter, RecordingError>
        do {
            opened = .success(try RecordingWriter(
                path: path,
                app: app,
                options: .init(
                    keyframePolicy: options.keyframePolicy, metadata: options.metadata, maximumFileSize: options.maximumFileSize,
                    redactor: options.redactor, shadowCheck: options.shadowCheck
                )
            ))
        } catch {
            opened = .failure(error)
        }
        self.init(path: path, options: options, onFailure: onFailure, opened: opened, resumed: false)
    }

    /// Starts the writer thread on `opened`, or reports why it could not open.
    ///
    /// - Parameter resumed: the store starts from a recorded step, which the
    ///   file already holds, so the state before the first transition is not
    ///   written again.
    init(
        path: String,
        options: RecorderOptions,
        onFailure: @escaping @Sendable (RecorderFailure) -> Void,
        opened writer: Result<RecordingWriter, RecordingError>,
        resumed: Bool
    ) {
        self.path = path
        self.options = options
        self.onFailure = onFailure
        self.queue = StepQueue(capacity: options.queueCapacity)
        let opened = writer.map { writer in
            WriterBox(writer: writer, identity: FileIdentity(path: path))
        }
        self.writer = try? opened.get()
        if resumed {
            state.withLock { $0.hasBaseStep = true }
        }
        if case .failure(let error) = opened {
            fail(error)
            writerDone.signal()
            return
        }
        let thread = Thread { [self] in runWriter() }
        thread.name = "udf-recorder"
        thread.start()
    }

    /// The failure that stopped recording, if any.
    public var failure: RecorderFailure? {
        state.withLock { $0.failure }
    }

    /// The session this recorder writes, or nil if it could not start.
    public var sessionID: Int? { writer?.writer.sessionID }

    /// A middleware that records every action that reaches the reducer.
    ///
    /// Put it first in the store's middleware array to record the actions as
    /// the reducer saw them after every other middleware.
    public func middleware<State: Encodable & Sendable, Action: Encodable & Sendable>() -> Middleware<State, Action> {
        Middleware.observing { [self] transition in record(transition) }
    }

    /// Queues one transition. Called on the sender's thread: no encoding here.
    public func record<State: Encodable & Sendable, Action: Encodable & Sendable>(_ transition: Transition<State, Action>) {
        let needsBase = state.withLock { recorder in
            defer { recorder.hasBaseStep = true }
            return !recorder.hasBaseStep && !recorder.isClosed && recorder.failure == nil
        }
        if needsBase {
            queue.push(HostStep(
                step: transition.step - 1,
                time: transition.timestamp,
                action: nil,
                actionName: nil,
                cause: nil,
                reducerNanoseconds: nil,
                state: transition.stateBefore
            ))
        }
        queue.push(HostStep(
            step: transition.step,
            time: transition.timestamp,
            action: transition.action,
            actionName: nil,
            cause: transition.cause,
            reducerNanoseconds: Int(nanoseconds: transition.reducerDuration),
            state: transition.stateAfter
        ))
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

    private func runWriter() {
        guard let box = writer else { return }
        defer {
            if failure == nil {
                do {
                    try box.writer.close()
                } catch {
                    fail(error)
                }
            }
            writerDone.signal()
        }
        while let items = queue.take(upTo: options.batchSize) {
            if failure == nil {
                write(items[...], to: box)
            }
            queue.markFinished(items.count)
        }
    }

    private func write(_ items: ArraySlice<HostStep>, to box: WriterBox) {
        do {
            try box.writer.append(items)
            if !box.identity.stillMatches() {
                throw RecordingError.io("'\(path)' was deleted or replaced while recording")
            }
        } catch {
            fail(error)
            box.writer.abandon()
        }
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

/// The writer is used only on the writer thread once the recorder starts.
private final class WriterBox: @unchecked Sendable {
    let writer: RecordingWriter
    let identity: FileIdentity

    init(writer: RecordingWriter, identity: FileIdentity) {
        self.writer = writer
        self.identity = identity
    }
}

extension Int {
    init(nanoseconds duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
