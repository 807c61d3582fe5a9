/// Every key of the full-screen stepper, in one table: the key handling, the
/// `h` help screen, `udf-inspect help step`, the man page and the bottom
/// line's hints are all read from it, so none of them can drift.
enum StepperKeyTable {
    static let bindings: [StepperKeyBinding] = [
        .init(.next, [.character("n"), .right], "n  →", "next step; after a search or a find, the next match", hint: "n/p step", rank: 2),
        .init(.previous, [.character("p"), .left], "p  ←", "previous step"),
        .init(.previousMatch, [.character("N")], "N", "after a text search: the previous match"),
        .init(.first, [.character("g"), .home], "g  Home", "first step", hint: "g/G ends", rank: 8),
        .init(.last, [.character("G"), .end], "G  End", "last step"),
        .init(.jump, [.character(":")], ": STEP Enter", "jump to a step: 40, last~2, or TIMELINE@STEP such as fix@40 for another timeline", hint: ": jump", rank: 4),
        .init(.cause, [.character("c")], "c", "jump to the cause: the step whose effect sent this step's action", hint: "c cause", rank: 6),
        .init(.toggleDiff, [.character("d")], "d", "toggle the diff from the previous step and the whole state", hint: "d diff/state", rank: 5),
        .init(.statePath, [.character("s")], "s PATH Enter", "the state at a path, such as .todos[id=3]; empty for the whole state", hint: "s path", rank: 9),
        .init(.searchForward, [.character("/")], "/ TEXT Enter", "search the text shown, forward from the top line; n and N repeat", hint: "/? search", rank: 3),
        .init(.searchBackward, [.character("?")], "? TEXT Enter", "search the text shown, backward from the top line"),
        .init(.find, [.character("f")], "f EXPR Enter", "find the next step whose state matches, such as .todos[*].done == true", hint: "f find", rank: 10),
        .init(.fold, [.character("z")], "z", "fold or unfold the state subtree at the top line; folds stay across steps", hint: "z fold", rank: 7),
        .init(.branch, [.character("b")], "b NAME Enter", "branch here: a new timeline forking at this step", hint: "b branch", rank: 11),
        .init(.scrollDown, [.character("j"), .down], "j  ↓", "scroll down one line"),
        .init(.scrollUp, [.character("k"), .up], "k  ↑", "scroll up one line"),
        .init(.pageDown, [.character(" "), .pageDown], "Space  PgDn", "scroll down one page"),
        .init(.pageUp, [.pageUp], "PgUp", "scroll up one page"),
        .init(.cancel, [.escape], "Esc", "end a search or a find (n steps again), or cancel a prompt"),
        .init(.help, [.character("h")], "h", "this help; any key closes it", hint: "h help", rank: 0),
        .init(.quit, [.character("q"), .interrupt], "q  Ctrl-C", "quit", hint: "q quit", rank: 1),
    ]

    /// The binding a key runs, or nil for a key the stepper does not know.
    static func binding(for key: StepperKey) -> StepperKeyBinding? {
        bindings.first { $0.keys.contains(key) }
    }

    /// The key table as help entries.
    static var helpEntries: [HelpSection.Entry] {
        bindings.map { HelpSection.Entry($0.label, $0.summary) }
    }

    /// The hints that fit `width` columns: taken by rank, the most important
    /// first, until the next one does not fit; shown in the table's order.
    static func hints(fitting width: Int) -> String {
        var chosen: [StepperKeyBinding] = []
        for binding in bindings.filter({ $0.hint != nil }).sorted(by: { $0.hintRank < $1.hintRank }) {
            guard line(chosen + [binding]).count <= width else { break }
            chosen.append(binding)
        }
        return line(chosen)
    }

    private static func line(_ chosen: [StepperKeyBinding]) -> String {
        bindings.filter { binding in chosen.contains { $0.command == binding.command } }
            .compactMap(\.hint)
            .joined(separator: " · ")
    }
}
