import Foundation
import UDFJSON

/// Streams a timeline as the lifted state that Redux DevTools imports
/// (`ReduxDevToolsExporter` says how steps map to actions).
///
/// A lifted state keeps actions and states in two separate members, and a
/// walk visits each step once with both. So `computedStates` is written
/// as the walk goes, while `actionsById`, the smaller half, waits in a
/// temporary file and is copied after it: memory stays bounded.
public struct ReduxDevToolsWriter {
    private var output: ChunkedOutput
    private var actions: ChunkedOutput
    private let spill: FileHandle
    private let spillPath: String
    private let skippedSteps: Set<Int>
    private var skipped: [Int] = []
    /// Steps written so far.
    public private(set) var stepCount = 0

    /// - Parameter skippedSteps: Steps to list in `skippedActionIds`.
    public init(skippedSteps: Set<Int> = [], sink: @escaping ([UInt8]) throws -> Void) throws {
        output = ChunkedOutput(sink: sink)
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("udf-redux-\(UUID().uuidString).partial")
        // Noted before it exists, so that no signal finds it unnoted.
        PartialFileCleanup.writing(path)
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forUpdatingAtPath: path) else {
            try? FileManager.default.removeItem(atPath: path)
            PartialFileCleanup.finished(path)
            throw RecordingError.io("cannot create a temporary file in \(NSTemporaryDirectory())")
        }
        spillPath = path
        spill = handle
        actions = ChunkedOutput { bytes in try handle.write(contentsOf: bytes) }
        self.skippedSteps = skippedSteps
    }

    /// - Parameter canonicalState: The state's canonical bytes, when the caller has them.
    public mutating func append(_ step: StepInput, canonicalState: [UInt8]? = nil) throws {
        try append(step, stateText: canonicalState ?? step.state.canonicalBytes)
    }

    /// Appends one step whose state comes as its canonical text.
    public mutating func append(_ step: some StepHeader, stateText state: [UInt8]) throws {
        if stepCount == 0 {
            try output.append(Array("{\"committedState\":".utf8) + state + Array(",\"computedStates\":[".utf8))
        }
        let isSkipped = skippedSteps.contains(step.step) || SharedTimeline.isSkipped(step)
        let action: JSONValue = step.step == 0 ? ["type": .string(ReduxDevToolsExporter.initActionType)] : ReduxDevToolsExporter.reduxAction(step)
        // `"N":{"action":…,"timestamp":…,"type":"PERFORM_ACTION"}`, spelled
        // out in canonical member order: the entry's keys are plain ASCII.
        var entry: [UInt8] = []
        entry.reserveCapacity(160)
        Self.append(stepCount == 0 ? "\n\"" : ",\n\"", to: &entry)
        entry += String(step.step).utf8
        Self.append("\":{\"action\":", to: &entry)
        JSONWriter.appendCanonical(action, to: &entry)
        Self.append(",\"timestamp\":", to: &entry)
        JSONWriter.appendCanonical(.number(JSONNumber(exactly: Int64((step.time.timeIntervalSince1970 * 1000).rounded()))), to: &entry)
        Self.append(",\"type\":\"PERFORM_ACTION\"}", to: &entry)
        try actions.append(entry)
        var computed: [UInt8] = []
        computed.reserveCapacity(state.count + 16)
        Self.append(stepCount == 0 ? "\n{\"state\":" : ",\n{\"state\":", to: &computed)
        computed += state
        computed.append(UInt8(ascii: "}"))
        try output.append(computed)
        if isSkipped { skipped.append(step.step) }
        stepCount += 1
    }

    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Copies the actions after the states, closes the document and removes the temporary file.
    public mutating func finish() throws {
        defer { discard() }
        try actions.flush()
        try output.append("\n],\"actionsById\":{")
        try output.flush()
        try spill.seek(toOffset: 0)
        while let chunk = try spill.read(upToCount: ChunkedOutput.chunkSize), !chunk.isEmpty {
            try output.append([UInt8](chunk))
        }
        let count = stepCount
        var tail = "\n},\"currentStateIndex\":\(max(count - 1, 0)),\"isLocked\":false,\"isPaused\":false,\"monitorState\":{},\"nextActionId\":\(count)"
        tail += ",\"skippedActionIds\":[" + skipped.map(String.init).joined(separator: ",") + "]"
        try output.append(tail + ",\"stagedActionIds\":[")
        for id in 0..<count {
            try output.append(id == 0 ? "0" : ",\(id)")
        }
        try output.append("]}\n")
        try output.flush()
    }

    /// Removes the temporary file; after an error, the caller discards its output.
    public func discard() {
        try? spill.close()
        try? FileManager.default.removeItem(atPath: spillPath)
        PartialFileCleanup.finished(spillPath)
    }
}
