import UDFDiff
import UDFJSON
import UDFLog

/// The steps whose state satisfies a predicate: what `find` computes.
///
/// Only the members of the state the predicate's paths start with are kept
/// (`ProjectedState`; narrowed, only their children the paths go through),
/// from the stored rows: a step that wrote under none of
/// them keeps the predicate's last verdict. The search stops at the first
/// answer unless every answer is wanted. A long range is searched in
/// stretches at once (`StretchedWalk`).
struct StepSearch {
    let predicate: Predicate
    /// Only steps in this range.
    var range: ClosedRange<Int>
    /// Only these steps count as answers (from an action-name glob); nil for all.
    let eligible: Set<Int>?
    /// Answer where the predicate turns true: it holds after the step and not before it.
    let becomes: Bool
    /// Every answer instead of the first.
    let all: Bool
    /// Whether to read only the steps that may change the children of members the paths go through.
    var narrowing = ProjectedState.Narrowing.byCost
    /// How a long range is split across threads.
    var stretched = StretchedWalk()

    struct Result {
        let steps: [Int]
        /// The predicate's paths that selected nothing at every state looked at;
        /// only meaningful when the whole range was searched.
        let unseenPaths: [JSONPath]
        let searchedWholeRange: Bool
    }

    func run(in recording: Recording, on timeline: TimelineInfo) throws -> Result {
        // Only the members the predicate's paths start with are kept (or,
        // narrowed, their children); decided once, for every stretch.
        var projection = ProjectedState(paths: predicate.paths)
        guard range.lowerBound <= timeline.lastStep else { return try walk(in: recording, on: timeline, keeping: projection) }
        var steps: [Int] = []
        var unseen: [JSONPath]?
        var searchedWholeRange = true
        let searched = range.lowerBound...min(range.upperBound, timeline.lastStep)
        try projection.narrow(narrowing, in: recording, on: timeline, range: searched)
        let reading = try projection.stepsRead(in: recording, on: timeline, range: searched)
        try stretched.run(searched, reading: reading, in: recording, job: { [projection] recording, stretch, signal in
            var part = self
            part.range = stretch
            return try part.walk(in: recording, on: timeline, keeping: projection, until: signal)
        }, deliver: { found in
            steps += found.steps
            // A path is unseen when no stretch saw it.
            unseen = unseen?.filter { found.unseenPaths.contains($0) } ?? found.unseenPaths
            searchedWholeRange = found.searchedWholeRange
            return all || found.steps.isEmpty
        })
        return Result(steps: steps, unseenPaths: unseen ?? predicate.paths, searchedWholeRange: searchedWholeRange)
    }

    /// Searches `range` in one walk, on this thread, keeping what `projection`
    /// keeps; stops early, with an unfinished result, once `signal` is stopped.
    private func walk(
        in recording: Recording, on timeline: TimelineInfo, keeping projection: ProjectedState, until signal: StretchedWalk.StopSignal? = nil
    ) throws -> Result {
        // With --becomes the state before the first step is needed too.
        let start = becomes && range.lowerBound > 0 ? range.lowerBound - 1 : range.lowerBound
        guard start <= min(range.upperBound, timeline.lastStep) else {
            return Result(steps: [], unseenPaths: predicate.paths, searchedWholeRange: true)
        }
        var walk = Walk(search: self, projection: projection)
        var first = start
        if start > 0 {
            walk.projection.reset(to: try recording.state(at: start - 1, on: timeline))
        } else {
            // Step 0 is a keyframe; a patch there is the corrupt row `walk` reports.
            var seeded = false
            try recording.walk(timeline, range: 0...0) { _, state in
                walk.projection.reset(to: state)
                seeded = true
                return true
            }
            guard seeded else { return Result(steps: [], unseenPaths: walk.unseen, searchedWholeRange: true) }
            first = 1
            if walk.visit(0) { return walk.result }
        }
        let last = min(range.upperBound, timeline.lastStep)
        if first <= last {
            var next = first
            try recording.storedBytes(on: timeline, range: first...last, touching: walk.projection.indexKeys) { step, stored in
                if signal?.isStopped == true {
                    walk.stoppedEarly = true
                    return false
                }
                if walk.visitUnchanged(next..<step) { return false }
                next = step + 1
                if walk.takeLeafWrite(stored, step: step, timeline: timeline.name) { return !walk.visit(step) }
                switch try walk.projection.take(stored, step: step, timeline: timeline.name) {
                case .unchanged:
                    break
                case .changed:
                    walk.forgetVerdict()
                case .needsWholeState:
                    walk.projection.reset(to: try recording.state(at: step, on: timeline))
                    walk.forgetVerdict()
                }
                return !walk.visit(step)
            }
            if !walk.stoppedEarly { _ = walk.visitUnchanged(next..<(last + 1)) }
        }
        return walk.result
    }

    /// What one walk holds from step to step.
    ///
    /// A value with mutating methods, not local functions over the walk's
    /// variables: Swift checks a local function's captured variables for
    /// exclusive access at run time, on every access, at every step read.
    private struct Walk {
        let search: StepSearch
        /// The kept part of the state after the step visited last.
        var projection: ProjectedState
        var answers: [Int] = []
        /// The predicate's paths that selected nothing so far.
        var unseen: [JSONPath]
        /// The verdict at the step before the one visited.
        var previous: Bool?
        /// The verdict on `projection` as it is, once evaluated; nil after a step wrote under it.
        var holdsNow: Bool?
        var stoppedEarly = false
        /// The place every path of the predicate names, when they name one
        /// place by keys and positions: a step that only replaces it, where
        /// it exists, gives the verdict from the value written, unapplied
        /// (`ProjectedState.replaceLater`). A path read every few steps
        /// spent most of its time applying them.
        let leaf: LeafWrite?
        /// Whether the leaf's place exists in `projection`; nil when not
        /// known since a step other than a replace of it.
        var leafExists: Bool?

        init(search: StepSearch, projection: ProjectedState) {
            self.search = search
            self.projection = projection
            unseen = search.predicate.paths
            leaf = LeafWrite(every: search.predicate.everyPath)
        }

        /// After a step wrote under the kept members otherwise than by a
        /// replace of the leaf: the verdict, and whether the leaf exists,
        /// are to be found again.
        mutating func forgetVerdict() {
            holdsNow = nil
            leafExists = nil
        }

        /// Takes `stored` without applying it when it only replaces the
        /// leaf where the leaf exists: true when it did.
        mutating func takeLeafWrite(_ stored: StoredBytes, step: Int, timeline: String) -> Bool {
            guard let leaf, case .operations(let patch) = stored, let written = leaf.value(writtenBy: patch.operations) else { return false }
            if leafExists == nil {
                // A replace keeps the place, so one look lasts until another kind of step.
                leafExists = !search.predicate.paths[0].values(in: projection.state).isEmpty
            }
            guard leafExists == true else { return false }
            projection.replaceLater(at: leaf.pointer, with: written, step: step, timeline: timeline)
            // A path of keys and positions that resolves selects exactly the value there.
            holdsNow = search.predicate.evaluate { _ in [written] }
            unseen = []
            return true
        }

        var result: Result {
            Result(steps: answers, unseenPaths: unseen, searchedWholeRange: !stoppedEarly)
        }

        /// Judges `step`, keeping it when it is an answer; true when the search stops there.
        mutating func visit(_ step: Int) -> Bool {
            let isEligible = search.range.contains(step) && (search.eligible?.contains(step) ?? true)
            guard search.becomes || isEligible else { return false }
            let holds: Bool
            if let holdsNow {
                holds = holdsNow
            } else {
                if !unseen.isEmpty {
                    let state = projection.state
                    unseen.removeAll { !$0.values(in: state).isEmpty }
                }
                holds = search.predicate.evaluate(on: projection.state)
                holdsNow = holds
            }
            let isAnswer = search.becomes ? (holds && previous == false) : holds
            previous = holds
            guard isEligible && isAnswer else { return false }
            answers.append(step)
            if search.all { return false }
            stoppedEarly = true
            return true
        }

        /// Steps the recording's index left out changed none of the kept
        /// members, so each keeps the last verdict: after the first of them,
        /// only an eligible step of a verdict that holds can be an answer.
        /// True when the search stops.
        mutating func visitUnchanged(_ steps: Range<Int>) -> Bool {
            for step in steps {
                if step > steps.lowerBound, search.becomes || holdsNow == false { break }
                if visit(step) { return true }
            }
            return false
        }
    }
}
