/// One entry of the stepper's key table: what a command does, the keys that
/// run it, and how it is named in the help and the hints.
struct StepperKeyBinding: Sendable {
    /// What the keys ask for; ``StepperState`` turns it into a ``StepperAction``
    /// or a prompt, depending on what is going on.
    enum Command: Sendable, Equatable {
        case next, previous, previousMatch, first, last
        case jump, cause, toggleDiff, statePath, find, searchForward, searchBackward
        case fold, branch, scrollDown, scrollUp, pageDown, pageUp, cancel, help, quit
    }

    let command: Command
    /// The keys that run it; a key belongs to one binding only.
    let keys: [StepperKey]
    /// The keys as help shows them, with what follows them, such as `: STEP Enter`.
    let label: String
    /// One line for the help.
    let summary: String
    /// The short form for the bottom line, such as `n/p step`; nil when it has none.
    let hint: String?
    /// Hints are kept in this order when the line is narrow: lower first.
    let hintRank: Int

    init(_ command: Command, _ keys: [StepperKey], _ label: String, _ summary: String, hint: String? = nil, rank: Int = .max) {
        self.command = command
        self.keys = keys
        self.label = label
        self.summary = summary
        self.hint = hint
        self.hintRank = rank
    }
}
