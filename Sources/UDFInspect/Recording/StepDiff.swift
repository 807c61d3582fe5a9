import UDFDiff
import UDFJSON
import UDFLog

/// The difference between the states at two steps, possibly on two timelines,
/// optionally restricted to one path: what `diff`, the demo and the stepper show.
struct StepDiff {
    let from: (timeline: TimelineInfo, step: Int)
    let to: (timeline: TimelineInfo, step: Int, summary: StepSummary)
    /// Nil when the two states are equal at the path.
    let node: DiffNode?

    init(
        _ selection: RecordingSelection,
        from: (TimelineInfo, Int),
        to: (TimelineInfo, Int),
        path: JSONPath?
    ) throws(InspectError) {
        // The later step's row first, so that `diff 99` names 99, not 98.
        self.to = (to.0, to.1, try selection.summary(to.1, on: to.0))
        self.from = from
        // The earlier state first: the reader then builds the later one by
        // patching it, so the two share every unchanged subtree and the diff
        // skips them by identity instead of comparing them deeply.
        let old = try selection.state(from.1, on: from.0)
        let new = try selection.state(to.1, on: to.0)
        guard let path else {
            node = JSONDiff.diff(old, new)
            return
        }
        guard path.components.allSatisfy({ $0 != .wildcard }) else {
            throw InspectError.badArgument("diff --path needs one place, not a wildcard: \(path)")
        }
        let before = path.select(in: old).first?.value
        let after = path.select(in: new).first?.value
        guard before != nil || after != nil else {
            throw InspectError.notFound("the path \(path) selects nothing at either step")
        }
        node = JSONDiff.diff(before ?? .null, after ?? .null)
    }

    func label(_ timeline: TimelineInfo, _ step: Int) -> String {
        "\(timeline.shownName)@\(step)"
    }
}
