import UDFDiff
import UDFJSON
import UDFLog

/// The steps whose state satisfies a predicate: what `find` computes.
///
/// States are streamed with `Recording.walk`, one patch per step, and the
/// walk stops at the first answer unless every answer is wanted.
struct StepSearch {
    let predicate: Predicate
    /// Only steps in this range.
    let range: ClosedRange<Int>
    /// Only these steps count as answers (from an action-name glob); nil for all.
    let eligible: Set<Int>?
    /// Answer where the predicate turns true: it holds after the step and not before it.
    let becomes: Bool
    /// Every answer instead of the first.
    let all: Bool

    struct Result {
        let steps: [Int]
        /// The predicate's paths that selected nothing at every state looked at;
        /// only meaningful when the whole range was searched.
        let unseenPaths: [JSONPath]
        let searchedWholeRange: Bool
    }

    func run(in recording: Recording, on timeline: TimelineInfo) throws -> Result {
        var answers: [Int] = []
        var unseen = predicate.paths
        var previous: Bool?
        var stoppedEarly = false
        // With --becomes the state before the first step is needed too.
        let start = becomes && range.lowerBound > 0 ? range.lowerBound - 1 : range.lowerBound
        guard start <= min(range.upperBound, timeline.lastStep) else {
            return Result(steps: [], unseenPaths: unseen, searchedWholeRange: true)
        }
        try recording.walk(timeline, range: start...range.upperBound) { summary, state in
            let step = summary.step
            let isEligible = range.contains(step) && (eligible?.contains(step) ?? true)
            guard becomes || isEligible else { return true }
            if !unseen.isEmpty {
                unseen.removeAll { !$0.select(in: state).isEmpty }
            }
            let holds = predicate.evaluate(on: state)
            defer { previous = holds }
            let isAnswer = becomes ? (holds && previous == false) : holds
            guard isEligible, isAnswer else { return true }
            answers.append(step)
            if !all {
                stoppedEarly = true
                return false
            }
            return true
        }
        return Result(steps: answers, unseenPaths: unseen, searchedWholeRange: !stoppedEarly)
    }
}
