import UDFJSON

/// A sequence of steps within a session: `main`, or a branch of another timeline.
///
/// A branch's history is its parent's steps up to `forkStep`, then its own.
public struct TimelineInfo: Sendable, Equatable {
    public let id: Int
    public let sessionID: Int
    public let name: String
    public let parentID: Int?
    public let forkStep: Int?
    /// The first step stored on this timeline itself (0 for `main`).
    public var firstOwnStep: Int { forkStep.map { $0 + 1 } ?? 0 }
    /// The last step of this timeline, inherited or own; -1 when it is empty.
    public let lastStep: Int

    /// Steps 0…lastStep.
    public var stepCount: Int { lastStep + 1 }

    public static let mainName = "main"

    /// Whether this timeline is named `name` by the same scalars, as the
    /// file looks names up: Swift's `==` would take `caf\u{E9}` and
    /// `cafe\u{301}`, two timelines of one session, for one.
    public func isNamed(_ name: String) -> Bool {
        self.name.hasSameScalars(as: name)
    }

    /// A timeline's steps as people read them: `steps 0…40`, or `no steps`.
    public static func stepsText(lastStep: Int) -> String {
        lastStep >= 0 ? "steps 0…\(lastStep)" : "no steps"
    }

    /// This timeline's steps as people read them.
    public var stepsText: String { Self.stepsText(lastStep: lastStep) }

    /// The one line saying that `step` (a number, or a step named another
    /// way, such as `last~20`) is not one of a timeline's steps.
    public static func missingStepMessage(_ step: some CustomStringConvertible, timeline name: String, lastStep: Int) -> String {
        "step \(step) does not exist: timeline '\(name)' has \(stepsText(lastStep: lastStep))"
    }

    /// The one line saying that `step` is not one of this timeline's steps.
    public func missingStepMessage(_ step: Int) -> String {
        Self.missingStepMessage(step, timeline: name, lastStep: lastStep)
    }
}
