import Foundation
import UDFJSON

/// One timeline with every state, independent of any file: what exporters
/// write and importers produce.
///
/// Steps are numbered from 0 and contiguous; step 0 has no action. A cause
/// always names an earlier step of the same timeline.
public struct SharedTimeline: Sendable {
    public var session: SharedSession
    public var steps: [StepInput]

    /// The key with which earlier builds marked, inside the action, a step a
    /// Redux DevTools file listed in `skippedActionIds`. Imports now record
    /// the skip in the session's metadata (`SessionFacts.skippedSteps`);
    /// exports still read this marker as a skip and never write it out.
    public static let skippedMarker = "@@udf/skipped"

    public init(session: SharedSession, steps: [StepInput]) {
        self.session = session
        self.steps = steps
    }

    /// Refuses steps that a recording cannot hold.
    public func validate() throws(SharingError) {
        guard !steps.isEmpty else {
            throw SharingError.wrongShape(path: "$", message: "the timeline has no steps; at least step 0 is needed")
        }
        for (index, step) in steps.enumerated() {
            try Self.validate(step, at: index)
        }
    }

    /// Refuses a step that cannot be step `index` of a recording.
    public static func validate(_ step: StepInput, at index: Int) throws(SharingError) {
        guard step.step == index else {
            throw SharingError.wrongShape(path: "step \(index)", message: "steps must be numbered 0, 1, 2… without gaps, found \(step.step)")
        }
        if index == 0, step.action != nil {
            throw SharingError.wrongShape(path: "step 0", message: "step 0 is the initial state and has no action")
        }
        if let cause = step.cause, cause < 0 || cause >= index {
            throw SharingError.wrongShape(path: "step \(index)", message: "its cause \(cause) is not an earlier step")
        }
    }

    /// Whether a step's action carries the skipped marker.
    public static func isSkipped(_ step: some StepHeader) -> Bool {
        step.action?[skippedMarker] == .bool(true)
    }
}
