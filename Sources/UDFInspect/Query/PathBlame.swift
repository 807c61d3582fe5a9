import UDFDiff
import UDFJSON
import UDFLog

/// Every step that changed the value at a path: what `blame` prints.
///
/// For a path without `[*]` it keeps only the top-level member the path
/// starts with (`ProjectedState`), from the stored rows: a patch written
/// under other members is skipped unparsed, and the value is compared only at
/// steps that wrote under that member (or, narrowed, under the member's
/// child the path goes through). A path with `[*]` walks every state,
/// as the reference the randomized tests hold the first way to. A long
/// timeline is read in stretches at once, each from the value before it.
struct PathBlame {
    /// How the changes were found.
    enum Strategy: String {
        /// From the stored rows, keeping only the member the path starts with.
        case patches
        /// By walking every state of the range.
        case walk
    }

    /// One change at the path. Nil stands for "the path selects nothing".
    struct Change: Equatable, Sendable {
        /// The step that made the change.
        let summary: StepSummary
        let old: JSONValue?
        let new: JSONValue?
        var step: Int { summary.step }
    }

    let path: JSONPath
    /// Whether to read only the steps that may change the child of a member the path goes through.
    var narrowing = ProjectedState.Narrowing.byCost
    /// How a long timeline is split across threads.
    var stretched = StretchedWalk()

    /// The value `path` selects: the one value, or for a path with `[*]` the
    /// array of every selected value; nil when it selects nothing.
    func value(in state: JSONValue) -> JSONValue? {
        // The values alone: blame asks this of every step it reads, and
        // building each selected value's path cost it about 2% of its time.
        let selected = path.values(in: state)
        guard !selected.isEmpty else { return nil }
        if path.components.contains(.wildcard) {
            return .array(selected)
        }
        return selected[0]
    }

    var defaultStrategy: Strategy {
        path.components.contains(.wildcard) ? .walk : .patches
    }

    /// The changes in steps 1…`last` of `timeline`, oldest first, and whether
    /// the path selected something at any step 0…`last`. A long timeline is
    /// read in stretches at once (`StretchedWalk`).
    func changes(
        in recording: Recording,
        on timeline: TimelineInfo,
        through last: Int,
        strategy: Strategy
    ) throws -> (changes: [Change], everSelected: Bool) {
        var changes: [Change] = []
        var everSelected = value(in: try recording.state(at: 0, on: timeline)) != nil
        guard last >= 1 else { return ([], everSelected) }
        // What `.patches` keeps of each state: decided once, for every stretch.
        var projection = ProjectedState(paths: [path])
        var reading = last
        if strategy == .patches {
            try projection.narrow(narrowing, in: recording, on: timeline, range: 1...last)
            reading = try projection.stepsRead(in: recording, on: timeline, range: 1...last)
        }
        try stretched.run(1...last, reading: reading, in: recording, job: { [projection] recording, stretch, _ in
            try self.changes(in: recording, on: timeline, stretch, strategy: strategy, keeping: projection)
        }, deliver: { found in
            changes += found.changes
            everSelected = everSelected || found.everSelected
            return true
        })
        return (changes, everSelected)
    }

    /// What one stretch found: its changes, and whether the path selected
    /// something at any of its steps.
    private struct Found: Sendable {
        let changes: [Change]
        let everSelected: Bool
    }

    /// The changes in `stretch` (after step 0), from the value at the step
    /// before it; `.patches` keeps what `projection` keeps.
    private func changes(
        in recording: Recording, on timeline: TimelineInfo, _ stretch: ClosedRange<Int>, strategy: Strategy, keeping projection: ProjectedState
    ) throws -> Found {
        let before = try recording.state(at: stretch.lowerBound - 1, on: timeline)
        var previous = value(in: before)
        var everSelected = false
        var changes: [(step: Int, old: JSONValue?, new: JSONValue?)] = []
        func record(_ step: Int, _ state: JSONValue) {
            let current = value(in: state)
            if current != nil { everSelected = true }
            if current != previous {
                changes.append((step, previous, current))
                previous = current
            }
        }
        switch strategy {
        case .walk:
            var summaries: [StepSummary] = []
            try recording.walk(timeline, range: stretch) { summary, state in
                let count = changes.count
                record(summary.step, state)
                if changes.count > count { summaries.append(summary) }
                return true
            }
            return Found(changes: zip(summaries, changes).map { Change(summary: $0, old: $1.old, new: $1.new) }, everSelected: everSelected)
        case .patches:
            var projection = projection
            projection.reset(to: before)
            // Where the path lives now: a step whose operations cannot reach
            // it (say, under another element than the one holding an id) is
            // not selected again.
            var route = PathRoute(path, in: projection.state)
            // Each change's step metadata comes from the row its patch came from.
            var summaries: [StepSummary] = []
            try recording.storedBytesWithSummaries(on: timeline, range: stretch, touching: projection.indexKeys) { step, stored, summary in
                switch try projection.take(stored, step: step, timeline: timeline.name) {
                case .unchanged:
                    return true
                case .changed:
                    if let operations = projection.appliedOperations, !operations.contains(where: route.mayChange(under:)) {
                        return true
                    }
                case .needsWholeState:
                    projection.reset(to: try recording.state(at: step, on: timeline))
                }
                let count = changes.count
                record(step, projection.state)
                if changes.count > count { summaries.append(try summary()) }
                route = PathRoute(path, in: projection.state)
                return true
            }
            return Found(changes: zip(summaries, changes).map { Change(summary: $0, old: $1.old, new: $1.new) }, everSelected: everSelected)
        }
    }
}
