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
