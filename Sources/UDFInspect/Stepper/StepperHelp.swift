/// The keys of the terminal UI and the commands of line mode, as help text.
enum StepperHelp {
    /// What `h` shows in the terminal UI: the key table, in its order.
    static var keys: [String] {
        let width = StepperKeyTable.bindings.map(\.label.count).max() ?? 0
        return ["keys"] + StepperKeyTable.bindings.map { binding in
            "  " + binding.label + String(repeating: " ", count: width - binding.label.count + 2) + binding.summary
        }
    }

    /// What `help` prints in line mode.
    static let lines = [
        "commands",
        "  next, n          the next step",
        "  prev, p          the previous step",
        "  jump N, :N       step N, or last~N (N before the last); TIMELINE@N, such as fix@4, for another timeline",
        "  cause, c         the step whose effect sent this step's action",
        "  first, last      the first or the last step",
        "  diff             show the diff from the previous step (the default)",
        "  state [PATH]     show the state, or the value at a path",
        "  find [EXPR]      the next step whose state matches; without EXPR, the last find again",
        "  branch NAME      a new timeline forking at this step",
        "  help, h          this list",
        "  quit, q          stop (so does the end of the input)",
    ]
}
