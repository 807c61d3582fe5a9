import Foundation
import Synchronization
import TestSupport
import Testing
import UDFJSON
import UDFLog
import UDFRecorder
import UDFSQLite

/// The recorder's two stages: one thread prepares a batch (the state
/// pipeline) while the other writes the batch before it (the action's and
/// keyframes' texts, SQLite). What it stores must not depend on that.
@Suite struct RecorderPipelineTests {
    /// Every stored column of every step, and the changed-members index.
    static func stepRows(_ path: String) throws -> [String] {
        let database = try Database(path: path, mode: .readOnly)
        defer { database.close() }
        let steps = try database.prepare("""
            SELECT quote(step) || quote(time) || quote(action) || quote(action_name) || quote(cause) || quote(duration_ns)
                   || quote(keyframe) || quote(patch) || quote(state_hash) || quote(state_size)
            FROM steps ORDER BY step
            """).rows([], { $0.text(0) })
        let members = try database.prepare("SELECT * FROM changed_members ORDER BY 1, 2, 3").rows([]) { row in
            (0..<3).map { row.optionalText($0) ?? "null" }.joined(separator: "|")
        }
        return steps + members
    }

    static func steps(_ count: Int) -> [HostStep] {
        var state = LedgerState()
        return (0..<count).map { n in
            let action: LedgerAction? = switch n % 4 {
            case _ where n == 0: nil
            case 0: .deposit(memo: "entry \(n)", cents: n * 7 % 1_000)
            case 1: .adjust(cents: n % 13)
            case 2: .rename("Owner \(n)")
            default: n % 8 == 3 ? .lock : .unlock
            }
            if let action { _ = RecorderTests.ledgerReducer.reduce(into: &state, action: action) }
            return HostStep(
                step: n, time: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
                action: action, cause: n % 7 == 0 && n > 0 ? n - 1 : nil, reducerNanoseconds: n, state: state
            )
        }
    }

    /// Keyframes every 8 steps, and a redactor that replaces every memo, in
    /// states and in actions alike, so both of the second stage's texts vary.
    static func writer(_ path: String) throws -> RecordingWriter {
        try RecordingWriter(
            path: path, app: "pipeline",
            options: .init(keyframePolicy: KeyframePolicy(interval: 8), redactor: Redactor(extraKeys: ["memo"]), appVersion: "1")
        )
    }

    @Test func preparingTheNextBatchWhileTheLastIsWrittenStoresWhatAppendStores() throws {
        let directory = try TemporaryDirectory()
        let steps = Self.steps(300)
        let batches = stride(from: 0, to: steps.count, by: 16).map { Array(steps[$0..<min($0 + 16, steps.count)]) }

        let plainPath = directory.path("append.udf")
        let plain = try Self.writer(plainPath)
        for batch in batches {
            try plain.append(batch)
        }
        try plain.close()

        let pipelinedPath = directory.path("pipelined.udf")
        let pipelined = SharedWriter(try Self.writer(pipelinedPath))
        let writing = DispatchQueue(label: "pipeline-test-writer")
        let failures = Mutex<[String]>([])
        var pending: DispatchWorkItem?
        for batch in batches {
            // Prepared while the batch before is being written.
            let prepared = try pipelined.writer.prepare(batch)
            pending?.wait()
            let item = DispatchWorkItem {
                do {
                    try pipelined.writer.write(prepared)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            writing.async(execute: item)
            pending = item
        }
        pending?.wait()
        try pipelined.writer.close()

        #expect(failures.withLock { $0 } == [])
        let expected = try Self.stepRows(plainPath)
        #expect(expected.count > 300)
        #expect(expected.contains { $0.contains("<redacted>") })
        #expect(try Self.stepRows(pipelinedPath) == expected)
        let verify = try Executables.run("udf-inspect", ["verify", pipelinedPath])
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    /// Step 41 in a batch of its own, and in one with the steps before it:
    /// those are kept either way.
    @Test(arguments: [Unencodable.Part.action, .state], [true, false])
    func aValueThatCannotBeEncodedStopsRecordingAndKeepsEveryEarlierStep(part: Unencodable.Part, flushedBefore: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("unencodable.udf")
        let failures = Mutex<[RecorderFailure]>([])
        let recorder = try Recorder(
            path: path, app: "pipeline", options: RecorderOptions(batchSize: 4, appVersion: "1"),
            onFailure: { failure in failures.withLock { $0.append(failure) } }
        )
        recorder.start(state: Unencodable(value: 0))
        for n in 1...40 {
            recorder.record(action: Unencodable(value: n), state: Unencodable(value: n))
        }
        if flushedBefore { recorder.flush() }
        recorder.record(
            action: Unencodable(value: 41, fails: part == .action),
            state: Unencodable(value: 41, fails: part == .state)
        )
        recorder.flush()
        for n in 42...50 {
            recorder.record(action: Unencodable(value: n), state: Unencodable(value: n))
        }
        #expect(throws: RecorderFailure.self) { try recorder.close() }

        let reported = failures.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.first?.stoppedRecording == true)
        #expect(reported.first?.error == .unencodable(step: 41, reason: "encoding failed at .: \(Unencodable.Refusal())"))
        let database = try Database(path: path, mode: .readOnly)
        defer { database.close() }
        #expect(try database.scalarInt("SELECT count(*) FROM steps") == 41)
        #expect(try database.scalarInt("SELECT max(step) FROM steps") == 40)
        #expect(try database.scalarText("SELECT status FROM sessions") == "interrupted")
        let verify = try Executables.run("udf-inspect", ["verify", path])
        #expect(verify.status == 0, "\(verify.stderr)")
    }
}

/// A value whose encoding fails when asked to: as an action, it fails on
/// the writing thread; as a state, on the encoding thread.
struct Unencodable: Encodable, Sendable {
    enum Part: Sendable {
        case action
        case state
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "this value refuses to be encoded" }
    }

    var value: Int
    var fails = false

    func encode(to encoder: any Encoder) throws {
        if fails { throw Refusal() }
        var container = encoder.singleValueContainer()
        try container.encode(["value": value])
    }
}

/// The writer, shared by the preparing thread and the writing thread, each
/// using its own half.
private final class SharedWriter: @unchecked Sendable {
    let writer: RecordingWriter

    init(_ writer: RecordingWriter) {
        self.writer = writer
    }
}
