import UDFLog

/// One timeline, as `timelines`, `branch` and `replay` print it.
struct TimelineRecord: Encodable {
    /// The steps a timeline stores itself, past its fork step.
    struct OwnSteps: Encodable {
        let from: Int
        let to: Int
        let count: Int
    }

    let timeline: String
    @Nullable var parent: String?
    @Nullable var forkStep: Int?
    /// The last step readable on the timeline, inherited or its own.
    let lastStep: Int
    /// Every step readable on the timeline, inherited ones included.
    let stepCount: Int
    /// Null for a branch with no step of its own yet.
    @Nullable var ownSteps: OwnSteps?

    init(_ timeline: TimelineInfo, parentName: String?) {
        self.timeline = timeline.name
        parent = parentName
        forkStep = timeline.forkStep
        lastStep = timeline.lastStep
        stepCount = timeline.stepCount
        let own = timeline.lastStep - timeline.firstOwnStep + 1
        ownSteps = own > 0 ? OwnSteps(from: timeline.firstOwnStep, to: timeline.lastStep, count: own) : nil
    }
}
