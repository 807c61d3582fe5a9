import UDFJSON

/// Changes to a timeline's recorded actions, applied while replaying it.
///
/// Every edit names a recorded step: skip its action, replace its action, or
/// insert actions before it (`lastStep + 1` inserts after the last one).
/// Actions are JSON in the shape the host's `Codable` action has, as the
/// `action` column stores them.
///
/// For example:
/// ```swift
/// var edits = ReplayEdits()
/// edits.skipped.insert(11)
/// edits.insertions[12] = [["setFilter": ["_0": "all"]]]
/// ```
public struct ReplayEdits: Sendable, Equatable {
    /// Recorded steps whose action is left out.
    public var skipped: Set<Int>
    /// Recorded steps whose action is replaced by this one.
    public var replacements: [Int: JSONValue]
    /// Actions inserted before a recorded step, in order.
    public var insertions: [Int: [JSONValue]]

    public init(skipped: Set<Int> = [], replacements: [Int: JSONValue] = [:], insertions: [Int: [JSONValue]] = [:]) {
        self.skipped = skipped
        self.replacements = replacements
        self.insertions = insertions
    }

    /// True when the replay re-runs the recorded actions unchanged.
    public var isEmpty: Bool {
        skipped.isEmpty && replacements.isEmpty && insertions.values.allSatisfy(\.isEmpty)
    }

    /// Every step an edit names, ascending.
    public var steps: [Int] {
        Array(Set(skipped).union(replacements.keys).union(insertions.filter { !$0.value.isEmpty }.keys)).sorted()
    }

    /// Checks the edits against a replay of steps `from + 1 … last`.
    ///
    /// - Throws: `RecordingError.notFound` for a step beyond the end,
    ///   `.invalidArgument` for a step at or before `from`, or a step both
    ///   skipped and replaced.
    public func validate(from: Int, last: Int, timeline: String) throws(RecordingError) {
        for step in steps {
            let limit = insertions[step]?.isEmpty == false && !skipped.contains(step) && replacements[step] == nil ? last + 1 : last
            if step > limit {
                throw .notFound(TimelineInfo.missingStepMessage(step, timeline: timeline, lastStep: last))
            }
            if step <= from {
                throw .invalidArgument("an edit at step \(step) comes before the replay starts: it replays steps \(from + 1)…\(last)")
            }
        }
        if let both = skipped.intersection(replacements.keys).min() {
            throw .invalidArgument("step \(both) is both skipped and replaced; choose one")
        }
    }
}
