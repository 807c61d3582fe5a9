/// Parses one line of line mode into a ``StepperAction``.
///
/// For example, `jump 40` is `.jump(40)` and `state .todos` is
/// `.showState(path: ".todos")`.
enum StepperLineCommand {
    /// The action a line asks for; nil for an empty line.
    ///
    /// - Throws: A ``StepperLineError`` naming an unknown command or a bad argument.
    static func parse(_ line: String) throws(StepperLineError) -> StepperAction? {
        let text = line.trimmingSpaces
        guard !text.isEmpty else { return nil }
        let word: String
        let rest: String
        if let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            word = String(text[..<space])
            rest = String(text[space...]).trimmingSpaces
        } else if text.hasPrefix(":") {
            word = "jump"
            rest = String(text.dropFirst())
        } else {
            word = text
            rest = ""
        }
        switch word {
        case "next", "n": return try noArgument(.next, word, rest)
        case "prev", "previous", "p": return try noArgument(.previous, word, rest)
        case "first", "g": return try noArgument(.first, word, rest)
        case "last", "G": return try noArgument(.last, word, rest)
        case "diff", "d": return try noArgument(.showDiff, word, rest)
        case "help", "h", "?": return try noArgument(.help, word, rest)
        case "cause", "c": return try noArgument(.cause, word, rest)
        case "quit", "q", "exit": return try noArgument(.quit, word, rest)
        case "branch", "b":
            guard !rest.isEmpty else {
                throw StepperLineError("'branch' needs a name, as in 'branch fix'")
            }
            return .branch(rest)
        case "jump", ":":
            guard let reference = StepReference(rest) else {
                throw StepperLineError("'jump' needs a step, as in 'jump 40', 'jump last~2' or 'jump fix@40'")
            }
            if let timeline = reference.timeline {
                return .jumpTimeline(timeline, reference.position)
            }
            return .jump(reference.position)
        case "state", "s":
            return .showState(path: rest.isEmpty ? nil : rest)
        case "find", "/":
            return .find(rest.isEmpty ? nil : rest)
        default:
            throw StepperLineError("unknown command '\(word)'; type 'help' for the commands")
        }
    }

    private static func noArgument(_ action: StepperAction, _ word: String, _ rest: String) throws(StepperLineError) -> StepperAction {
        guard rest.isEmpty else {
            throw StepperLineError("'\(word)' takes no argument, got '\(rest)'")
        }
        return action
    }
}
