import Foundation
import UDFDiff
import UDFJSON

/// Writes the `udf-timeline` document (docs/cli.md, "Export JSON") one step
/// at a time: the header, then each step on its own line as it is walked,
/// then the closing members. Only the previous state is held, for patches.
///
/// The text is canonical JSON with a line break after each step, so the
/// document means exactly what `TimelineDocument.encode` builds in memory.
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

    public mutating func append(_ step: StepInput) throws {
        let object = TimelineDocument.stepObject(step, previous: encoding == .patches ? previous : nil)
        try output.append((stepCount == 0 ? "\n" : ",\n") + object.canonicalText)
        stepCount += 1
        if encoding == .patches { previous = step.state }
    }

    /// Closes the document and hands on the rest of it.
    public mutating func finish() throws {
        try output.append("\n],\"version\":\(TimelineDocument.version)}\n")
        try output.flush()
    }
}
