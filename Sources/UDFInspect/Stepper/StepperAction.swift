/// What a key or a line asks the stepper to do.
enum StepperAction: Equatable, Sendable {
    case next
    case previous
    case first
    case last
    case jump(StepPosition)
    /// Switches to another timeline of the session, at a step.
    case jumpTimeline(String, StepPosition)
    /// Jumps to the step whose effect sent the current step's action.
    case cause
    /// Searches the text shown for the next line holding the text, backward when
    /// asked; nil repeats the last search.
    case searchText(String?, backward: Bool)
    /// Folds or unfolds the state subtree at the top line.
    case fold
    /// Shows the diff from the previous step.
    case showDiff
    /// Switches between the diff and the whole state.
    case toggleDiff
    /// Shows the state, at a path when the text is not nil.
    case showState(path: String?)
    /// Finds the next step whose state satisfies the predicate; nil repeats the last find.
    case find(String?)
    /// Creates a timeline forking at the current step, named by the text.
    case branch(String)
    case help
    case quit
    /// Scrolls the content by lines; negative scrolls up.
    case scroll(Int)
    /// Scrolls the content by pages; negative scrolls up.
    case page(Int)
}
