import Foundation
import UDFDiff
import UDFJSON

/// Streams one or more timelines as one self-contained, offline HTML page
/// that steps through them (docs/cli.md, "The HTML viewer").
///
/// The page holds what the recording holds: keyframes and patches. Each
/// timeline is a run of `<script type="application/json">` elements written
/// as the walk goes:
/// - `udf-steps`: up to 1,000 steps' `[name, time in ms, cause, skipped]`;
/// - `udf-actions`: the same steps' actions, parsed only when shown or searched;
/// - `udf-states`: a keyframe and the RFC 6902 patches of the steps after it.
///   A new keyframe starts once the patches since the last one outweigh it
///   `keyframeRatio` times, so keyframes add at most 1/`keyframeRatio` to the
///   page and rebuilding any step replays a bounded amount of patch text.
///
/// The page's script rebuilds the state of the step shown, and no other.
/// Every recorded string is data: the JSON cannot end its element, the
/// script writes text only through `textContent`, and the CSP runs only the
/// page's own script and style, allowed by their SHA-256 hashes.
///
/// For example:
/// ```swift
/// var page = try HTMLViewer(title: "Todo", timelines: [.init(name: "main", stepCount: 14)]) { out.write($0) }
/// try page.beginTimeline()
/// try recording.walkShared(main, range: range) { step in try page.append(step) }
/// try page.finish()
/// ```
public struct HTMLViewer {
    /// What the page says about a timeline before its steps are written.
    public struct TimelineHeader: Sendable {
        public var name: String
        public var stepCount: Int
        /// Whether its states were recorded; false for an actions-only import.
        public var statesRecorded: Bool
        /// Steps shown as skipped.
        public var skippedSteps: Set<Int>

        public init(name: String, stepCount: Int, statesRecorded: Bool = true, skippedSteps: Set<Int> = []) {
            self.name = name
            self.stepCount = stepCount
            self.statesRecorded = statesRecorded
            self.skippedSteps = skippedSteps
        }
    }

    static let stepsPerChunk = 1_000
    static let keyframeRatio = 8

    private var output: ChunkedOutput
    private let timelines: [TimelineHeader]
    private var timelineIndex = -1
    private var stepIndex = 0
    private var metaChunk: [UInt8] = []
    private var actionChunk: [UInt8] = []
    private var metaFirst = 0
    private var stateChunk: [UInt8] = []
    private var stateFirst = 0
    private var keyframeBytes = 0
    private var patchBytes = 0
    private var previous: JSONValue?
    /// Steps written so far, over every timeline.
    public private(set) var stepCount = 0

    public init(title: String, timelines: [TimelineHeader], sink: @escaping ([UInt8]) throws -> Void) throws {
        output = ChunkedOutput(sink: sink)
        self.timelines = timelines
        let meta: JSONValue = [
            "title": .string(title),
            "timelines": .array(timelines.map { header in
                [
                    "name": .string(header.name),
                    "count": .number(JSONNumber(header.stepCount)),
                    "statesRecorded": .bool(header.statesRecorded),
                ]
            }),
        ]
        try output.append(HTMLViewerTemplate.head)
        try output.append("<script type=\"application/json\" id=\"udf-meta\">" + Self.embeddable(meta.canonicalText) + "</script>\n")
    }

    /// Starts the next timeline of those given to `init`.
    public mutating func beginTimeline() throws {
        if timelineIndex >= 0 { try endTimeline() }
        timelineIndex += 1
        stepIndex = 0
        previous = nil
    }

    /// - Parameter canonicalState: The state's canonical bytes, when the caller has them.
    public mutating func append(_ step: StepInput, canonicalState: [UInt8]? = nil) throws {
        let header = timelines[timelineIndex]
        let name = step.actionName ?? (step.step == 0 ? "initial state" : "action")
        let skipped = header.skippedSteps.contains(step.step) || SharedTimeline.isSkipped(step)
        var action = step.action ?? .null
        if var members = action.objectValue, members[SharedTimeline.skippedMarker] != nil {
            members[SharedTimeline.skippedMarker] = nil
            action = .object(members)
        }
        let meta: JSONValue = [
            .string(name),
            .number(JSONNumber(exactly: Int64((step.time.timeIntervalSince1970 * 1000).rounded()))),
            step.cause.map { .number(JSONNumber($0)) } ?? .null,
            .number(JSONNumber(skipped ? 1 : 0)),
        ]
        if metaChunk.isEmpty { metaFirst = stepIndex }
        metaChunk += Array(((metaChunk.isEmpty ? "[" : ",") + meta.canonicalText).utf8)
        actionChunk += Array(((actionChunk.isEmpty ? "[" : ",") + action.canonicalText).utf8)
        if stepIndex + 1 - metaFirst >= Self.stepsPerChunk { try flushMeta() }

        if let previous, patchBytes < keyframeBytes * Self.keyframeRatio {
            let patch = SharingAwarePatch.make(from: previous, to: step.state).canonicalBytes
            stateChunk += [UInt8(ascii: ",")] + patch
            patchBytes += patch.count
        } else {
            try flushStates()
            let keyframe = canonicalState ?? step.state.canonicalBytes
            stateFirst = stepIndex
            stateChunk = Array("{\"keyframe\":".utf8) + keyframe + Array(",\"patches\":[0".utf8)
            keyframeBytes = max(keyframe.count, 64)
            patchBytes = 0
        }
        previous = step.state
        stepIndex += 1
        stepCount += 1
    }

    /// Ends the page: the last chunks, then the script.
    public mutating func finish() throws {
        if timelineIndex >= 0 { try endTimeline() }
        try output.append(HTMLViewerTemplate.tail)
        try output.flush()
    }

    private mutating func endTimeline() throws {
        try flushMeta()
        try flushStates()
    }

    private mutating func flushMeta() throws {
        guard !metaChunk.isEmpty else { return }
        let attributes = "data-timeline=\"\(timelineIndex)\" data-first=\"\(metaFirst)\""
        try output.append("<script type=\"application/json\" class=\"udf-steps\" \(attributes)>")
        try output.append(Self.embeddable(metaChunk + [UInt8(ascii: "]")]))
        try output.append("</script>\n<script type=\"application/json\" class=\"udf-actions\" \(attributes)>")
        try output.append(Self.embeddable(actionChunk + [UInt8(ascii: "]")]))
        try output.append("</script>\n")
        metaChunk.removeAll(keepingCapacity: true)
        actionChunk.removeAll(keepingCapacity: true)
    }

    private mutating func flushStates() throws {
        guard !stateChunk.isEmpty else { return }
        try output.append("<script type=\"application/json\" class=\"udf-states\" data-timeline=\"\(timelineIndex)\" data-first=\"\(stateFirst)\">")
        try output.append(Self.embeddable(stateChunk + Array("]}".utf8)))
        try output.append("</script>\n")
        stateChunk.removeAll(keepingCapacity: true)
    }

    /// JSON text that cannot end its `<script>` element or open a comment:
    /// `<`, `>` and `&` only occur inside strings, where `\u` escapes mean the same.
    static func embeddable(_ json: String) -> String {
        String(decoding: embeddable(Array(json.utf8)), as: UTF8.self)
    }

    static func embeddable(_ json: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(json.count + 64)
        var index = 0
        while index < json.count {
            let byte = json[index]
            switch byte {
            case UInt8(ascii: "<"): result += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): result += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): result += Array("\\u0026".utf8)
            // U+2028 and U+2029 (E2 80 A8/A9) end a line in older JavaScript.
            case 0xE2 where index + 2 < json.count && json[index + 1] == 0x80 && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9):
                result += Array((json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 2
            default: result.append(byte)
            }
            index += 1
        }
        return result
    }

    /// The page for one timeline held in memory.
    public static func render(_ timeline: SharedTimeline) -> String {
        var bytes: [UInt8] = []
        let facts = SessionFacts(metadata: timeline.session.metadata)
        let header = TimelineHeader(
            name: timeline.session.timelineName, stepCount: timeline.steps.count,
            statesRecorded: facts.statesRecorded, skippedSteps: facts.skippedSteps
        )
        // Appending to an array cannot fail.
        do {
            var page = try HTMLViewer(title: timeline.session.app, timelines: [header]) { bytes += $0 }
            try page.beginTimeline()
            for step in timeline.steps { try page.append(step) }
            try page.finish()
        } catch {}
        return String(decoding: bytes, as: UTF8.self)
    }
}
