/// The keys of the terminal UI and the commands of line mode, as help text.
enum StepperHelp {
    /// What `?` shows in the terminal UI.
    static let keys = [
        "keys",
        "  n  →            next step (next match after a find)",
        "  p  ←            previous step",
        "  g  G            first and last step",
        "  :N Enter        jump to step N",
        "  d               toggle the diff from the previous step and the whole state",
        "  s PATH Enter    the state at a path, such as .todos[id=3]; empty for the whole state",
        "  / EXPR Enter    find the next step whose state matches, such as .todos[*].done == true",
        "  n               after a find: the next match; Esc ends the find",
        "  b NAME Enter    branch here: a new timeline forking at this step",
        "  j k  ↓ ↑        scroll one line",
        "  Space PgDn PgUp scroll one page",
        "  ?               this help; any key closes it",
        "  q               quit",
    ]

    /// What `help` prints in line mode.
    static let lines = [
        "commands",
        "  next, n          the next step",
        "  prev, p          the previous step",
        "  jump N, :N       step N",
        "  first, last      the first or the last step",
        "  diff             show the diff from the previous step (the default)",
        "  state [PATH]     show the state, or the value at a path",
        "  find [EXPR]      the next step whose state matches; without EXPR, the last find again",
        "  branch NAME      a new timeline forking at this step",
        "  help             this list",
        "  quit, q          stop (so does the end of the input)",
    ]
}
