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
    /// Successive states share most of their text, so the text hash resumes.
    private let textHash = IncrementalStateHash()
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

    /// Appends one exported step, reusing its stored hash when redaction
    /// left its state as recorded and the hash is the text hash the document holds.
    public mutating func append(_ step: SharedStep, canonicalState: [UInt8]) throws {
        try append(step.input, canonicalState: canonicalState, stateHash: Self.textHash(of: step.stored), canonicalAction: step.actionText)
    }

    /// Appends one exported step that comes as its state's text
    /// (`Recording.walkSharedStateTexts`): for the states encoding, since
    /// patches are made between states.
    public mutating func append(_ step: SharedStepText) throws {
        guard encoding == .states else {
            throw SharingError.unsupported("a document of patches is written from states, not from their texts")
        }
        try appendLine(step, state: step.canonicalState, stateHash: Self.textHash(of: step.stored), canonicalAction: step.actionText, patch: nil)
    }

    /// Appends one step. The object is assembled member by member, in
    /// canonical key order, so the state is serialized once for both its
    /// text and its hash; it equals `TimelineDocument.stepObject`'s canonical text.
    ///
    /// - Parameters:
    ///   - canonicalState: The state's canonical bytes, when the caller has
    ///     them (`Recording.walkSharedCanonical`).
    ///   - stateHash: The state's hash, when the caller has it.
    ///   - canonicalAction: The action's canonical bytes, when the caller has them.
    public mutating func append(
        _ step: StepInput, canonicalState: [UInt8]? = nil, stateHash: String? = nil, canonicalAction: [UInt8]? = nil
    ) throws {
        let state = canonicalState ?? step.state.canonicalBytes
        let patch = encoding == .patches ? previous.map { SharingAwarePatch.make(from: $0, to: step.state).canonicalBytes } : nil
        try appendLine(step, state: state, stateHash: stateHash, canonicalAction: canonicalAction, patch: patch)
        if encoding == .patches { previous = step.state }
    }

    /// The stored hash, where it is the text hash the document holds.
    private static func textHash(of stored: StoredState?) -> String? {
        stored.flatMap { $0.hashAlgorithm == .canonicalText ? $0.hash : nil }
    }

    private mutating func appendLine(
        _ step: some StepHeader, state: [UInt8], stateHash: String?, canonicalAction: [UInt8]?, patch: [UInt8]?
    ) throws {
        let action = canonicalAction ?? (step.action ?? .null).canonicalBytes
        let first = stepCount == 0
        let textHash = self.textHash
        // Straight into the pending output: a line is as long as its state.
        try output.append { line in
            line += first ? Self.firstLine : Self.nextLine
            Self.member("{\"action\":", action, to: &line)
            Self.member(",\"actionName\":", [], to: &line)
            JSONWriter.appendCanonical(step.actionName.map(JSONValue.string) ?? .null, to: &line)
            Self.member(",\"cause\":", [], to: &line)
            Self.appendInteger(step.cause, to: &line)
            if let patch { Self.member(",\"patch\":", patch, to: &line) }
            Self.member(",\"reducerNanoseconds\":", [], to: &line)
            Self.appendInteger(step.reducerNanoseconds, to: &line)
            if patch == nil { Self.member(",\"state\":", state, to: &line) }
            Self.member(",\"stateHash\":\"", [], to: &line)
            if let stateHash {
                line += stateHash.utf8
            } else {
                StateHash.appendHex(textHash.value(of: state), to: &line)
            }
            line.append(UInt8(ascii: "\""))
            Self.member(",\"step\":", [], to: &line)
            Self.appendInteger(step.step, to: &line)
            Self.member(",\"time\":", [], to: &line)
            JSONWriter.appendCanonical(.number(JSONNumber(step.time.timeIntervalSince1970)), to: &line)
            line.append(UInt8(ascii: "}"))
        }
        stepCount += 1
    }

    private static let null = Array("null".utf8)

    /// `value` as canonical JSON, or null.
    private static func appendInteger(_ value: Int?, to line: inout [UInt8]) {
        JSONWriter.appendCanonical(value.map { .number(JSONNumber($0)) } ?? .null, to: &line)
    }
    private static let firstLine = Array("\n".utf8)
    private static let nextLine = Array(",\n".utf8)

    /// Appends `prefix` (separator, quoted key and colon, spelled out: every
    /// key here is plain ASCII, so its canonical form is itself) and `value`.
    private static func member(_ prefix: StaticString, _ value: [UInt8], to line: inout [UInt8]) {
        line.append(contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
        line += value
    }

    /// Closes the document and hands on the rest of it.
    public mutating func finish() throws {
        try output.append("\n],\"version\":\(TimelineDocument.version)}\n")
        try output.flush()
    }
}
