import Foundation
import UDFDiff
import UDFJSON

/// Writes a timeline as NDJSON: one flat JSON object per step, one per line,
/// in the versioned `udf-steps` schema of docs/fleet.md. What DuckDB's
/// `read_json`, ClickHouse's `JSONEachRow`, BigQuery and PostgreSQL's `COPY`
/// into `jsonb` ingest.
///
/// It streams: each line is written while `Recording.walk` visits its step,
/// and only the current (and, for patches, the previous) state is alive, so
/// memory does not grow with the timeline's length.
///
/// For example:
/// ```swift
/// var exporter = NDJSONExporter(redactor: Redactor(), patches: false) { bytes in out.write(Data(bytes)) }
/// try exporter.export(recording, session: session, timeline: main, file: "a.udf")
/// try exporter.flush()
/// ```
public struct NDJSONExporter {
    /// The `schemaVersion` of every line; bumped when a field changes meaning.
    public static let schemaVersion = 1

    private let redactor: Redactor
    private let patches: Bool
    private let sink: ([UInt8]) throws -> Void
    private var buffer: [UInt8] = []
    /// Lines written so far, over every timeline.
    public private(set) var lineCount = 0
    /// Values the redactor replaced so far.
    public private(set) var redactedCount = 0

    /// Bytes gathered before `sink` is called.
    private static let chunkSize = 256 << 10

    /// - Parameters:
    ///   - patches: Each line after a timeline's first carries an RFC 6902
    ///     `patch` from the previous line's state instead of the whole `state`.
    ///   - sink: Receives the output in chunks of whole lines.
    public init(redactor: Redactor, patches: Bool, sink: @escaping ([UInt8]) throws -> Void) {
        self.redactor = redactor
        self.patches = patches
        self.sink = sink
        buffer.reserveCapacity(Self.chunkSize + 4_096)
    }

    /// Appends every step of `timeline` (flattened with the steps a branch
    /// inherits), in order.
    ///
    /// - Parameter file: The recording's path, written into every line.
    /// - Throws: `RecordingError` for a step that cannot be rebuilt; the
    ///   lines of earlier steps have been passed on already. Rethrows `sink`'s errors.
    public mutating func export(_ recording: Recording, session: SessionInfo, timeline: TimelineInfo, file: String) throws {
        let fixed = sessionFields(session, timeline: timeline, file: file)
        var previous: JSONValue?
        // Successive states share the storage of what did not change: each is
        // redacted and written in time proportional to its change.
        let stateRedaction = IncrementalRedaction(redactor: redactor)
        let actionRedaction = IncrementalRedaction(redactor: redactor)
        let stateWriter = IncrementalCanonicalWriter()
        try recording.walk(timeline) { summary, state in
            let safeState = redacted(state, stateRedaction)
            redactedCount += safeState.count
            var action = JSONValue.null
            if let original = summary.action {
                action = actionRedaction.redactAlone(original)
                redactedCount += Recording.replacements(from: original, to: action)
            }
            let canonicalState = stateWriter.write(safeState.value)
            var line = fixed
            line += Self.member("action", action.canonicalBytes)
            line += Self.member("actionName", summary.actionName.map { JSONValue.string($0).canonicalBytes } ?? Self.null)
            line += Self.member("cause", summary.cause.map { JSONValue.number(JSONNumber($0)).canonicalBytes } ?? Self.null)
            if patches, let previous {
                line += Self.member("patch", JSONPatch.make(from: previous, to: safeState.value).canonicalBytes)
            } else {
                line += Self.member("patch", Self.null)
            }
            line += Self.member("reducerNanoseconds", summary.reducerNanoseconds.map { JSONValue.number(JSONNumber($0)).canonicalBytes } ?? Self.null)
            line += Self.member("schemaVersion", Array("\(Self.schemaVersion)".utf8))
            line += Self.member("state", patches && previous != nil ? Self.null : canonicalState)
            line += Self.member("stateHash", JSONValue.string(StateHash.of(canonicalState)).canonicalBytes)
            line += Self.member("step", Array("\(summary.step)".utf8))
            line += Self.member("time", JSONValue.number(JSONNumber(summary.time.timeIntervalSince1970)).canonicalBytes)
            line += Self.member("timeline", JSONValue.string(timeline.name).canonicalBytes, last: true)
            buffer += line
            buffer += [UInt8(ascii: "}"), UInt8(ascii: "\n")]
            lineCount += 1
            if patches { previous = safeState.value }
            if buffer.count >= Self.chunkSize { try flush() }
            return true
        }
    }

    /// `redactor.redact(state)`: the incremental redaction's value, and the
    /// values replaced, found where it differs from the state, as the other
    /// exports count them. The value shares the storage of every subtree
    /// left as it was, so the count walks only the paths to what was replaced.
    private func redacted(_ state: JSONValue, _ incremental: IncrementalRedaction) -> (value: JSONValue, count: Int) {
        let safe = incremental.redact(state)
        return (safe, Recording.replacements(from: state, to: safe))
    }

    /// Passes on every line not yet passed on.
    public mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// The members every line of a session repeats, written once per timeline.
    /// A line's keys come in a fixed order (session first, then step), which
    /// no consumer relies on: JSON objects are unordered.
    private func sessionFields(_ session: SessionInfo, timeline: TimelineInfo, file: String) -> [UInt8] {
        var head: [UInt8] = [UInt8(ascii: "{")]
        head += Self.member("app", JSONValue.string(session.app).canonicalBytes)
        head += Self.member("appVersion", session.appVersion.map { JSONValue.string($0).canonicalBytes } ?? Self.null)
        head += Self.member("file", JSONValue.string(file).canonicalBytes)
        head += Self.member("host", JSONValue.string(session.host).canonicalBytes)
        head += Self.member("os", session.operatingSystem.map { JSONValue.string($0).canonicalBytes } ?? Self.null)
        head += Self.member("session", Array("\(session.id)".utf8))
        head += Self.member("sessionUUID", JSONValue.string(session.identity.uuid).canonicalBytes)
        return head
    }

    private static let null = Array("null".utf8)

    private static func member(_ key: String, _ value: [UInt8], last: Bool = false) -> [UInt8] {
        var bytes = JSONValue.string(key).canonicalBytes
        bytes.append(UInt8(ascii: ":"))
        bytes += value
        if !last { bytes.append(UInt8(ascii: ",")) }
        return bytes
    }
}
