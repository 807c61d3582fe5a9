import Foundation
import UDFDiff
import UDFJSON

/// Writes the `udf-timeline` document (docs/cli.md, "Export JSON") one step
/// at a time: the header, then each step on its own line as it is walked,
/// then the closing members. Only the previous state is held, for patches.
///
/// The text is canonical JSON with a line break after each step. With
/// states, it is exactly what `TimelineDocument.encode` builds in memory;
/// with patches, each patch may differ in form (it comes from
/// `SharingAwarePatch`, which skips unchanged shared subtrees) but applies
/// to the same states.
public struct TimelineDocumentWriter {
    private var output: ChunkedOutput
    private let encoding: TimelineDocument.StateEncoding
    private var previous: JSONValue?
    /// Steps written so far.
    public private(set) var stepCount = 0

    public init(session: SharedSession, encoding: TimelineDocument.StateEncoding, sink: @escaping ([UInt8]) throws -> Void) throws {
        output = ChunkedOutput(sink: sink)
        self.encoding = encoding
        var head = "{\"encoding\":" + JSONValue.string(encoding.rawValue).canonicalText
        head += ",\"format\":" + JSONValue.string(TimelineDocument.formatName).canonicalText
        head += ",\"session\":" + TimelineDocument.sessionObject(session).canonicalText
        head += ",\"steps\":["
        try output.append(head)
    }

    /// Appends one step. The object is assembled member by member, in
    /// canonical key order, so the state is serialized once for both its
    /// text and its hash; it equals `TimelineDocument.stepObject`'s canonical text.
    ///
    /// - Parameter canonicalState: The state's canonical bytes, when the
    ///   caller has them (`Recording.walkSharedCanonical`).
    public mutating func append(_ step: StepInput, canonicalState: [UInt8]? = nil) throws {
        let state = canonicalState ?? step.state.canonicalBytes
        var line: [UInt8] = Array((stepCount == 0 ? "\n" : ",\n").utf8)
        line += Self.member("{", "action", (step.action ?? .null).canonicalBytes)
        line += Self.member(",", "actionName", step.actionName.map { JSONValue.string($0).canonicalBytes } ?? Self.null)
        line += Self.member(",", "cause", step.cause.map { Array(String($0).utf8) } ?? Self.null)
        let patch = encoding == .patches ? previous.map { SharingAwarePatch.make(from: $0, to: step.state).jsonValue.canonicalBytes } : nil
        if let patch { line += Self.member(",", "patch", patch) }
        line += Self.member(",", "reducerNanoseconds", step.reducerNanoseconds.map { Array(String($0).utf8) } ?? Self.null)
        if patch == nil { line += Self.member(",", "state", state) }
        line += Self.member(",", "stateHash", JSONValue.string(StateHash.of(state)).canonicalBytes)
        line += Self.member(",", "step", Array(String(step.step).utf8))
        line += Self.member(",", "time", JSONValue.number(JSONNumber(step.time.timeIntervalSince1970)).canonicalBytes)
        line.append(UInt8(ascii: "}"))
        try output.append(line)
        stepCount += 1
        if encoding == .patches { previous = step.state }
    }

    private static let null = Array("null".utf8)

    private static func member(_ separator: String, _ key: String, _ value: [UInt8]) -> [UInt8] {
        Array(separator.utf8) + JSONValue.string(key).canonicalBytes + [UInt8(ascii: ":")] + value
    }

    /// Closes the document and hands on the rest of it.
    public mutating func finish() throws {
        try output.append("\n],\"version\":\(TimelineDocument.version)}\n")
        try output.flush()
    }
}
