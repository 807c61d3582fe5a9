import UDFDiff
@testable import UDFInspect
import UDFJSON
import UDFLog

/// Every state of a timeline, by walking it whole: the reference that
/// queries reading through the index are held to.
struct WalkedStates {
    let states: [JSONValue]

    init(_ recording: Recording, _ timeline: TimelineInfo) throws {
        var states: [JSONValue] = []
        try recording.walk(timeline) { _, state in
            states.append(state)
            return true
        }
        self.states = states
    }

    /// The steps of `range` whose state satisfies `predicate`, or, with
    /// `becomes`, whose state satisfies it where the one before did not:
    /// what `find --all` answers.
    func answers(_ predicate: UDFDiff.Predicate, in range: ClosedRange<Int>, becomes: Bool = false) -> [Int] {
        range.filter { step in
            predicate.evaluate(on: states[step]) && (!becomes || step > 0 && !predicate.evaluate(on: states[step - 1]))
        }
    }
}
