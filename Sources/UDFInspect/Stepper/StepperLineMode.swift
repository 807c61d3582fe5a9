/// Line mode: the stepper's commands read as lines, the output plain text,
/// so that a script or a test can drive it through stdin.
///
/// After each command that moves or changes the view, it prints the status
/// line, the title and the content. A line it cannot run prints one
/// `Error: …` line on stderr and the session goes on.
struct StepperLineMode {
    let session: StepperSession
    let console: Console

    /// Prints the first step, then runs lines until `quit` or the end of the input.
    ///
    /// - Parameter nextLine: Returns the next input line, or nil at the end.
    /// - Returns: ``ExitCode/success`` when every line ran, ``ExitCode/usage``
    ///   when at least one did not.
    func run(_ nextLine: () -> String?) -> ExitCode {
        var failed = false
        printPage()
        while !session.state.isFinished, !console.isOutputClosed, let line = nextLine() {
            let action: StepperAction?
            do throws(StepperLineError) {
                action = try StepperLineCommand.parse(line)
            } catch {
                console.err("Error: \(error.message)")
                failed = true
                continue
            }
            guard let action else { continue }
            let before = (session.document.timeline.name, session.state.step)
            session.perform(action)
            if let message = session.state.message {
                if message.hasPrefix("Error: ") {
                    console.err(message)
                    failed = true
                } else {
                    console.out(message)
                }
            }
            switch action {
            case .help:
                StepperHelp.lines.forEach(console.out)
            case .quit, .branch, .scroll, .page, .searchText, .fold:
                break
            case .find, .jump, .jumpTimeline, .cause, .next, .previous:
                if (session.document.timeline.name, session.state.step) != before || session.state.message == nil { printPage() }
            case .first, .last, .showDiff, .toggleDiff, .showState:
                if session.state.message == nil { printPage() }
            }
        }
        console.flush()
        return failed ? .usage : .success
    }

    private func printPage() {
        let page = session.page
        console.out(StepperScreen.status(session.document, state: session.state, summary: page.summary))
        console.out(page.title + " · " + ActionFormatter.format(page.summary.action))
        page.lines.forEach(console.out)
        console.out("")
    }
}
