/// Everything the stepper shows besides the recording's data: where it is,
/// what it shows, and what is being typed. A value, so tests can build one.
struct StepperState: Equatable, Sendable {
    /// The step shown.
    var step: Int
    /// The last step of the timeline.
    var lastStep: Int
    /// The diff from the previous step when true; the state otherwise.
    var showsDiff = true
    /// The path whose value the state view shows; nil for the whole state.
    var statePath: String?
    /// The first content line on screen.
    var scroll = 0
    /// The line being typed, if any.
    var prompt: StepperPrompt?
    /// The predicate of the last find while `n` repeats it; nil when `n` steps.
    var search: String?
    /// The predicate of the last find, matched or not, for a find without one.
    var lastFind: String?
    /// The text of the last search while `n` and `N` repeat it; nil when they step.
    var textSearch: String?
    /// The line of the last match, where the next search starts; the top line when nil.
    var searchLine: Int?
    /// The paths of the state's folded subtrees, such as `.todos[id=2]`; kept across steps.
    var folded: Set<String> = []
    /// One line of feedback for the last action, cleared by the next key.
    var message: String?
    /// Whether the help replaces the content.
    var showsHelp = false
    /// Set by `q`: the stepper stops.
    var isFinished = false

    init(step: Int, lastStep: Int) {
        self.step = step
        self.lastStep = lastStep
    }
}
