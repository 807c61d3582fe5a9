import UDFJSON
import UDFLog

/// One step without its state, as every command's `--json` prints it.
struct StepRecord: Encodable {
    let step: Int
    let time: String
    @Nullable var action: JSONValue?
    @Nullable var actionName: String?
    @Nullable var cause: Int?
    @Nullable var reducerNanoseconds: Int?
    let stateHash: String
    let stateSize: Int
    let keyframe: Bool
    /// True when an ancestor timeline stores the step.
    let inherited: Bool

    init(_ summary: StepSummary, on timeline: TimelineInfo) {
        step = summary.step
        time = TimeFormat.iso(summary.time)
        action = summary.action
        actionName = summary.actionName
        cause = summary.cause
        reducerNanoseconds = summary.reducerNanoseconds
        stateHash = summary.stateHash
        stateSize = summary.stateSize
        keyframe = summary.isKeyframe
        inherited = summary.timelineID != timeline.id
    }
}

extension StepRecord {
    /// Appends the record as `Console.jsonText` writes it with
    /// `.pretty(indent:level:)`, written member by member: `log --json`
    /// prints a million of them, and through `Encodable` each cost about
    /// 4 µs. `StepRecordJSONTests` holds the two to the same bytes.
    func appendPrettyJSON(indent: Int, level: Int, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + 384)
        var first = true
        func literal(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        /// Starts a member: its separator, its line, its key.
        func key(_ name: StaticString) {
            bytes.append(UInt8(ascii: first ? "{" : ","))
            first = false
            JSONWriter.appendNewline(indentation: indent * (level + 1), to: &bytes)
            bytes.append(UInt8(ascii: "\""))
            literal(name)
            literal("\": ")
        }
        func integer(_ value: Int?) {
            guard let value else { return literal("null") }
            var digits = String(value)
            digits.withUTF8 { bytes.append(contentsOf: $0) }
        }
        func string(_ value: String?) {
            guard let value else { return literal("null") }
            JSONWriter.appendString(value, to: &bytes)
        }
        // In the order `Console.jsonText` sorts the keys: by their UTF-8 bytes.
        key("action")
        if let action { JSONWriter.appendPretty(action, indent: indent, level: level + 1, to: &bytes) } else { literal("null") }
        key("actionName")
        string(actionName)
        key("cause")
        integer(cause)
        key("inherited")
        inherited ? literal("true") : literal("false")
        key("keyframe")
        keyframe ? literal("true") : literal("false")
        key("reducerNanoseconds")
        integer(reducerNanoseconds)
        key("stateHash")
        string(stateHash)
        key("stateSize")
        integer(stateSize)
        key("step")
        integer(step)
        key("time")
        string(time)
        JSONWriter.appendNewline(indentation: indent * level, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}
