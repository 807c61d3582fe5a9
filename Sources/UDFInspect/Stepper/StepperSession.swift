import UDFDiff
import UDFJSON
import UDFLog

/// The stepper's controller: performs actions on a ``StepperState`` and keeps
/// the ``StepperPage`` for the current step. Both the terminal UI and line
/// mode drive it; it does no I/O besides reading the recording.
final class StepperSession {
    private(set) var document: StepperDocument
    private(set) var state: StepperState
    private(set) var page: StepperPage

    /// Opens the stepper at `step`.
    ///
    /// - Throws: `InspectError.badArgument` when the timeline has no such step.
    init(document: StepperDocument, step: Int) throws(InspectError) {
        guard (0...document.lastStep).contains(step) else {
            throw InspectError.badArgument(document.timeline.missingStepMessage(step))
        }
        self.document = document
        state = StepperState(step: step, lastStep: document.lastStep)
        page = try Self.page(for: state, in: document)
    }

    /// Passes a key to the state, then performs the action it stands for.
    func handle(_ key: StepperKey) {
        if let action = state.action(for: key) {
            perform(action)
        }
    }

    /// Performs one action; failures show in ``StepperState/message``.
    func perform(_ action: StepperAction) {
        state.message = nil
        do throws(InspectError) {
            try apply(action)
        } catch {
            state.message = "Error: \(error.message)"
        }
    }

    /// The lines the content pane can scroll through: the help or the page.
    var contentLines: [String] {
        state.showsHelp ? StepperHelp.keys : page.lines
    }

    /// Picks up steps a running host recorded since the last look, and the end
    /// of its session; the step shown stays.
    ///
    /// - Returns: Whether the screen needs drawing again.
    func reload() -> Bool {
        guard document.isLive else { return false }
        do throws(InspectError) {
            guard try document.reload() else { return false }
            state.lastStep = document.lastStep
            return true
        } catch {
            state.message = "Error: \(error.message)"
            return true
        }
    }

    private func apply(_ action: StepperAction) throws(InspectError) {
        switch action {
        case .next:
            guard state.step < state.lastStep else {
                state.message = "already at the last step (\(state.lastStep))"
                return
            }
            try move(to: state.step + 1)
        case .previous:
            guard state.step > 0 else {
                state.message = "already at the first step (0)"
                return
            }
            try move(to: state.step - 1)
        case .first:
            try move(to: 0)
        case .last:
            try move(to: state.lastStep)
        case .jump(let position):
            guard let step = position.step(lastStep: state.lastStep), (0...state.lastStep).contains(step) else {
                state.message = "Error: no step \(position): steps are 0…\(state.lastStep)"
                return
            }
            try move(to: step)
        case .jumpTimeline(let name, let position):
            try switchTimeline(to: name, at: position)
        case .cause:
            guard let cause = page.summary.cause else {
                state.message = "step \(state.step) has no cause: a user or system action sent it"
                return
            }
            let from = state.step
            try move(to: cause)
            state.message = "step \(from)'s action was sent by an effect of step \(cause)"
        case .searchText(let text, let backward):
            searchText(text, backward: backward)
        case .fold:
            fold()
        case .showDiff:
            state.showsDiff = true
            try refresh()
        case .toggleDiff:
            state.showsDiff.toggle()
            try refresh()
        case .showState(let path):
            if let path {
                do {
                    _ = try JSONPath(parsing: path)
                } catch {
                    state.message = "Error: invalid path '\(path)': \(error)"
                    return
                }
            }
            state.statePath = path
            state.showsDiff = false
            try refresh()
        case .find(let text):
            try find(text)
        case .branch(let name):
            try branch(named: name)
        case .help:
            state.showsHelp.toggle()
            state.scroll = 0
        case .quit:
            state.isFinished = true
        case .scroll(let lines):
            state.searchLine = nil
            state.scroll += lines
            clampScroll(height: pageHeight)
        case .page(let pages):
            state.searchLine = nil
            state.scroll += pages * max(pageHeight, 1)
            clampScroll(height: pageHeight)
        }
    }

    /// Rows of the content pane, set by whoever draws it, so `page` scrolls a screenful.
    var pageHeight = 20

    /// Keeps ``StepperState/scroll`` within the content for a pane of `height` rows.
    func clampScroll(height: Int) {
        let maximum = max(contentLines.count - max(height, 1), 0)
        state.scroll = min(max(state.scroll, 0), maximum)
    }

    /// Opens timeline `name` of the same session at `step`.
    private func switchTimeline(to name: String, at position: StepPosition) throws(InspectError) {
        let other = document.timeline.isNamed(name) ? document : try document.other(timeline: name)
        guard let step = position.step(lastStep: other.lastStep), (0...other.lastStep).contains(step) else {
            state.message = "Error: no step \(position): timeline '\(name)' has steps 0…\(other.lastStep)"
            return
        }
        let previous = (document, state)
        document = other
        state.lastStep = other.lastStep
        do {
            try move(to: step)
        } catch {
            (document, state) = previous
            throw error
        }
    }

    /// Scrolls to the next line after the top one (or before it, backward)
    /// that holds the text, wrapping around the content.
    private func searchText(_ text: String?, backward: Bool) {
        guard let text = text ?? state.textSearch else {
            state.message = "nothing to search yet: type / and some text"
            return
        }
        state.textSearch = text
        let lines = page.lines
        let count = lines.count
        guard count > 0 else {
            state.message = "'\(text)' is not in the text shown"
            return
        }
        let start = min(state.searchLine ?? state.scroll, count - 1)
        // Every line once, starting after (or before) the start line and wrapping around.
        for offset in 1...count {
            let index = backward ? (start - offset % count + count) % count : (start + offset) % count
            if lines[index].contains(text) {
                state.scroll = index
                state.searchLine = index
                state.message = "\(backward ? "?" : "/")\(text): line \(index + 1) of \(lines.count)"
                return
            }
        }
        state.message = "'\(text)' is not in the text shown"
    }

    /// Folds the subtree the top line shows (its own when it opens an object
    /// or an array, else the one holding it), or unfolds a folded line.
    private func fold() {
        guard !state.showsHelp, let outline = page.outline, outline.lines.indices.contains(state.scroll) else {
            state.message = "folding works on the state: press d to show it"
            return
        }
        let line = outline.lines[state.scroll]
        let components = line.isContainer || line.isClosing ? line.components : Array(line.components.dropLast())
        guard components.count >= base(of: outline) else {
            state.message = "nothing to fold at the top line"
            return
        }
        let path = components.isEmpty ? "." : components.joined()
        if state.folded.contains(path) {
            state.folded.remove(path)
            state.message = "unfolded \(path)"
        } else {
            state.folded.insert(path)
            state.message = "folded \(path); z on it unfolds it"
        }
        do throws(InspectError) {
            page = try Self.page(for: state, in: document)
            state.scroll = page.outline?.index(nearest: components) ?? 0
        } catch {
            state.message = "Error: \(error.message)"
        }
    }

    /// How many components the outline's root has: 0 for the whole state, 1 under `s PATH`.
    private func base(of outline: StateOutline) -> Int {
        outline.lines.first?.components.count ?? 0
    }

    /// Forks the timeline at the current step, as `udf-inspect branch` does.
    /// The recording stays open read-only; the branch is written through its
    /// own short-lived connection.
    private func branch(named name: String) throws(InspectError) {
        do {
            try RecordingBranches.create(
                path: document.recording.path,
                session: document.session.id,
                parent: document.timeline.name,
                at: state.step,
                name: name
            )
        } catch {
            throw InspectError(error)
        }
        state.message = "created branch '\(name)' at step \(state.step); open it with --timeline \(name)"
    }

    private func move(to step: Int) throws(InspectError) {
        let previous = state.step
        state.step = step
        do {
            try refresh()
        } catch {
            state.step = previous
            throw error
        }
    }

    /// Builds the page again, keeping the top line's path in view when the old
    /// and the new page both show a state (scroll by path).
    private func refresh() throws(InspectError) {
        let anchor = page.outline.flatMap { outline in
            outline.lines.indices.contains(state.scroll) ? outline.lines[state.scroll].components : nil
        }
        page = try Self.page(for: state, in: document)
        state.searchLine = nil
        if let anchor, let outline = page.outline {
            state.scroll = outline.index(nearest: anchor) ?? 0
        } else {
            state.scroll = 0
        }
        state.showsHelp = false
    }

    private func find(_ text: String?) throws(InspectError) {
        guard let text = text ?? state.search ?? state.lastFind else {
            state.message = "nothing to find yet: type / and a predicate"
            return
        }
        let predicate: Predicate
        do {
            predicate = try Predicate.parse(text)
        } catch {
            state.message = "Error: invalid predicate '\(text)': \(error)"
            return
        }
        state.lastFind = text
        guard let found = try document.firstMatch(of: predicate, after: state.step) else {
            state.search = nil
            state.message = "no step after \(state.step) matches \(text)"
            return
        }
        state.search = text
        try move(to: found)
        state.message = "step \(found) matches \(text)"
    }

    /// Builds the page for the state's step and view.
    static func page(for state: StepperState, in document: StepperDocument) throws(InspectError) -> StepperPage {
        let summary = try document.summary(state.step)
        let current = try document.state(state.step)
        if state.showsDiff {
            guard state.step > 0 else {
                let outline = StateOutline(current, folded: state.folded)
                return StepperPage(
                    summary: summary,
                    title: "initial state (no step before 0 to diff with)",
                    lines: outline.lines.map(\.text),
                    isDiff: false,
                    outline: outline
                )
            }
            let previous = try document.state(state.step - 1)
            let title = "diff \(state.step - 1) → \(state.step)"
            guard let node = JSONDiff.diff(previous, current) else {
                return StepperPage(summary: summary, title: title, lines: ["(no changes)"], isDiff: true)
            }
            let text = TreeDiffRenderer(colour: false).render(node)
            return StepperPage(summary: summary, title: title, lines: split(text), isDiff: true)
        }
        guard let pathText = state.statePath else {
            let outline = StateOutline(current, folded: state.folded)
            return StepperPage(summary: summary, title: "state", lines: outline.lines.map(\.text), isDiff: false, outline: outline)
        }
        let path: JSONPath
        do {
            path = try JSONPath(parsing: pathText)
        } catch {
            throw InspectError.badArgument("invalid path '\(pathText)': \(error)")
        }
        let title = "state at \(path)"
        let matches = path.select(in: current)
        if matches.isEmpty {
            return StepperPage(summary: summary, title: title, lines: ["(\(path) selects nothing at step \(state.step))"], isDiff: false)
        }
        if !path.components.contains(.wildcard) {
            let outline = StateOutline(matches[0].value, base: ["\(path)"], folded: state.folded)
            return StepperPage(summary: summary, title: title, lines: outline.lines.map(\.text), isDiff: false, outline: outline)
        }
        return StepperPage(
            summary: summary,
            title: title,
            lines: matches.map { "\($0.path) = \($0.value.canonicalText)" },
            isDiff: false
        )
    }

    private static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
