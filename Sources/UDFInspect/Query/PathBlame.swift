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
/// as the reference the randomized tests hold the first way to.
struct PathBlame {
    /// How the changes were found.
    enum Strategy: String {
        /// From the stored rows, keeping only the member the path starts with.
        case patches
        /// By walking every state of the range.
        case walk
    }

    /// One change at the path. Nil stands for "the path selects nothing".
    struct Change: Equatable {
        let step: Int
        let old: JSONValue?
        let new: JSONValue?
    }

    let path: JSONPath
    /// Whether to read only the steps that may change the child of a member the path goes through.
    var narrowing = ProjectedState.Narrowing.byCost

    /// The value `path` selects: the one value, or for a path with `[*]` the
    /// array of every selected value; nil when it selects nothing.
    func value(in state: JSONValue) -> JSONValue? {
        let selected = path.select(in: state)
        guard !selected.isEmpty else { return nil }
        if path.components.contains(.wildcard) {
            return .array(selected.map(\.value))
        }
        return selected[0].value
    }

    var defaultStrategy: Strategy {
        path.components.contains(.wildcard) ? .walk : .patches
    }

    /// The changes in steps 1…`last` of `timeline`, oldest first, and whether
    /// the path selected something at any step 0…`last`.
    func changes(
        in recording: Recording,
        on timeline: TimelineInfo,
        through last: Int,
        strategy: Strategy
    ) throws -> (changes: [Change], everSelected: Bool) {
        let initial = value(in: try recording.state(at: 0, on: timeline))
        var previous = initial
        var everSelected = initial != nil
        var changes: [Change] = []
        guard last >= 1 else { return ([], everSelected) }
        func record(_ step: Int, _ state: JSONValue) {
            let current = value(in: state)
            if current != nil { everSelected = true }
            if current != previous {
                changes.append(Change(step: step, old: previous, new: current))
                previous = current
            }
        }
        switch strategy {
        case .walk:
            try recording.walk(timeline, range: 1...last) { summary, state in
                record(summary.step, state)
                return true
            }
        case .patches:
            var projection = ProjectedState(paths: [path])
            projection.reset(to: try recording.state(at: 0, on: timeline))
            try projection.narrow(narrowing, in: recording, on: timeline, range: 1...last)
            // Where the path lives now: a step whose operations cannot reach
            // it (say, under another element than the one holding an id) is
            // not selected again.
            var route = PathRoute(path, in: projection.state)
            try recording.storedBytes(on: timeline, range: 1...last, touching: projection.indexKeys) { step, stored in
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
                record(step, projection.state)
                route = PathRoute(path, in: projection.state)
                return true
            }
        }
        return (changes, everSelected)
    }
}
