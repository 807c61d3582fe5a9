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
        var answers: [Int] = []
        var unseen = predicate.paths
        var previous: Bool?
        var stoppedEarly = false
        // With --becomes the state before the first step is needed too.
        let start = becomes && range.lowerBound > 0 ? range.lowerBound - 1 : range.lowerBound
        guard start <= min(range.upperBound, timeline.lastStep) else {
            return Result(steps: [], unseenPaths: unseen, searchedWholeRange: true)
        }
        // The predicate is evaluated again only after a step wrote under what is kept.
        var projection = projection
        var holdsNow: Bool?
        var first = start
        /// The step if it is an answer; updates what has been seen.
        func visit(_ step: Int) -> Int? {
            let isEligible = range.contains(step) && (eligible?.contains(step) ?? true)
            guard becomes || isEligible else { return nil }
            let holds: Bool
            if let holdsNow {
                holds = holdsNow
            } else {
                if !unseen.isEmpty {
                    unseen.removeAll { !$0.values(in: projection.state).isEmpty }
                }
                holds = predicate.evaluate(on: projection.state)
                holdsNow = holds
            }
            defer { previous = holds }
            let isAnswer = becomes ? (holds && previous == false) : holds
            return isEligible && isAnswer ? step : nil
        }
        if start > 0 {
            projection.reset(to: try recording.state(at: start - 1, on: timeline))
        } else {
            // Step 0 is a keyframe; a patch there is the corrupt row `walk` reports.
            var seeded = false
            try recording.walk(timeline, range: 0...0) { _, state in
                projection.reset(to: state)
                seeded = true
                return true
            }
            guard seeded else { return Result(steps: [], unseenPaths: unseen, searchedWholeRange: true) }
            first = 1
            if let answer = visit(0) {
                answers.append(answer)
                if !all { return Result(steps: answers, unseenPaths: unseen, searchedWholeRange: false) }
            }
        }
        /// Steps the recording's index left out changed none of the kept
        /// members, so each keeps the last verdict: after the first of them,
        /// only an eligible step of a verdict that holds can be an answer.
        /// True when the search stops.
        func visitUnchanged(_ steps: Range<Int>) -> Bool {
            for step in steps {
                if step > steps.lowerBound, becomes || holdsNow == false { break }
                guard let answer = visit(step) else { continue }
                answers.append(answer)
                if !all {
                    stoppedEarly = true
                    return true
                }
            }
            return false
        }
        let last = min(range.upperBound, timeline.lastStep)
        if first <= last {
            var next = first
            try recording.storedBytes(on: timeline, range: first...last, touching: projection.indexKeys) { step, stored in
                if signal?.isStopped == true {
                    stoppedEarly = true
                    return false
                }
                if visitUnchanged(next..<step) { return false }
                next = step + 1
                switch try projection.take(stored, step: step, timeline: timeline.name) {
                case .unchanged:
                    break
                case .changed:
                    holdsNow = nil
                case .needsWholeState:
                    projection.reset(to: try recording.state(at: step, on: timeline))
                    holdsNow = nil
                }
                guard let answer = visit(step) else { return true }
                answers.append(answer)
                if !all {
                    stoppedEarly = true
                    return false
                }
                return true
            }
            if !stoppedEarly { _ = visitUnchanged(next..<(last + 1)) }
        }
        return Result(steps: answers, unseenPaths: unseen, searchedWholeRange: !stoppedEarly)
    }
}
