import UDFLog

/// What the stepper shows for the current step: its metadata, a title for
/// the content, and the content as plain lines.
struct StepperPage: Equatable, Sendable {
    /// The step shown.
    var summary: StepSummary
    /// What the content is, for example `diff 10 → 11` or `state at .todos`.
    var title: String
    /// The diff or the state, one line each, without colour.
    var lines: [String]
    /// Whether `lines` are diff lines, whose `-` and `+` markers may be coloured.
    var isDiff: Bool
    /// The path of each line, for a state view; nil for a diff or a list of matches.
    var outline: StateOutline? = nil
}
