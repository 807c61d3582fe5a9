import UDFDiff
import UDFJSON
import UDFLog

/// Every step that changed the value at a path: what `blame` prints.
///
/// For a path without `[*]` it reads only the stored patches, and rebuilds a
/// state only at the steps whose patch may touch the path (or that store a
/// keyframe), comparing the value there with the one before. A path with
/// `[*]` selects a set of places that changes with the state, so it walks
/// every state instead.
struct PathBlame {
    /// How the changes were found.
    enum Strategy: String {
        /// From the stored patches, rebuilding only the states that may differ.
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
            var route = PathRoute(path, in: try recording.state(at: 0, on: timeline))
            try recording.storedChanges(on: timeline, range: 1...last) { step, stored in
                if case .patch(let patch) = stored, !patch.operations.contains(where: route.mayChange) {
                    return true
                }
                let state = try recording.state(at: step, on: timeline)
                record(step, state)
                route = PathRoute(path, in: state)
                return true
            }
        }
        return (changes, everSelected)
    }
}
