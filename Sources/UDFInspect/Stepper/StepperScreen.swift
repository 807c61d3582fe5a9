import Foundation
import UDFLog

/// Renders the stepper as exactly `height` lines of at most `width` visible
/// characters: a status line, a title line, the scrolled content and a line
/// for the prompt, a message or the key hints.
///
/// It is pure: the same session state, page and size give the same lines, so
/// tests check the screen without a terminal.
struct StepperScreen {
    var width: Int
    var height: Int
    var colour: Colour

    /// Rows left for the content after the status, title and bottom lines.
    var contentHeight: Int { max(height - 3, 0) }


    /// The screen's lines, top to bottom.
    func render(_ session: StepperSession) -> [String] {
        let state = session.state
        let page = session.page
        var rows: [String] = []
        rows.append(styleStatus(fit(Self.status(session.document, state: state, summary: page.summary))))
        let title = state.showsHelp ? "help" : page.title + " · " + ActionFormatter.format(page.summary.action)
        rows.append(colour.bold(fit(title)))

        let content = session.contentLines
        let visible = content.dropFirst(state.scroll).prefix(contentHeight)
        let searched = state.showsHelp ? nil : state.textSearch
        for line in visible {
            rows.append(highlight(searched, in: styleContent(fit(line), isDiff: page.isDiff && !state.showsHelp)))
        }
        while rows.count < contentHeight + 2 {
            rows.append(colour.dim(fit("~")))
        }
        rows.append(bottomLine(state, contentCount: content.count))
        return Array(rows.prefix(height))
    }

    /// The status line: session, timeline, step N of M, action name, time and cause.
    static func status(_ document: StepperDocument, state: StepperState, summary: StepSummary) -> String {
        var parts = [
            "session \(document.session.id)",
            document.timeline.shownName,
            // Beside the count it explains, so an 80-column status line keeps it.
            "step \(state.step) of \(state.lastStep)" + (document.isLive ? " (recording)" : ""),
            summary.shownActionName ?? "(initial state)",
            TimeFormat.timeOfDay(summary.time),
        ]
        parts.append(summary.cause.map { "cause \($0)" } ?? "no cause")
        return parts.joined(separator: " · ")
    }

    private func bottomLine(_ state: StepperState, contentCount: Int) -> String {
        if let prompt = state.prompt {
            return fit(prompt.label + prompt.text)
        }
        if let message = state.message {
            return colour.yellow(fit(message))
        }
        let position = contentCount > contentHeight
            ? "lines \(state.scroll + 1)–\(min(state.scroll + contentHeight, contentCount)) of \(contentCount)"
            : ""
        let room = width - position.count - (position.isEmpty ? 0 : 1)
        var left = StepperKeyTable.hints(fitting: room)
        if let search = state.textSearch {
            left = Self.fitting(["search: \(search)", "n/N next/previous", "Esc ends"], room)
        } else if let search = state.search {
            left = Self.fitting(["find: \(search)", "n next match", "Esc ends"], room)
        }
        guard !position.isEmpty, room > 0 else { return colour.dim(fit(left)) }
        let clipped = clip(left, to: room)
        let gap = String(repeating: " ", count: width - clipped.count - position.count)
        return colour.dim(clipped + gap + position)
    }

    /// The parts, most important first, that fit `width` joined by ` · `; the
    /// first alone (to be clipped) when even it does not fit.
    static func fitting(_ parts: [String], _ width: Int) -> String {
        var shown = [parts[0]]
        for part in parts.dropFirst() {
            guard (shown + [part]).joined(separator: " · ").count <= width else { break }
            shown.append(part)
        }
        return shown.joined(separator: " · ")
    }

    private func fit(_ text: String) -> String {
        clip(text, to: width)
    }

    /// `text` cut to `limit` characters, its last one an ellipsis when cut.
    private func clip(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }

    private func styleStatus(_ text: String) -> String {
        guard colour.isEnabled else { return text }
        let padded = text + String(repeating: " ", count: max(width - text.count, 0))
        return "\u{1B}[7m" + padded + "\u{1B}[0m"
    }

    /// Every occurrence of the searched text in reverse video, as less shows
    /// matches; the reverse ends with code 27 so a diff line's colour goes on.
    private func highlight(_ text: String?, in line: String) -> String {
        guard colour.isEnabled, let text, !text.isEmpty, line.contains(text) else { return line }
        return line.replacingOccurrences(of: text, with: "\u{1B}[7m" + text + "\u{1B}[27m")
    }

    private func styleContent(_ line: String, isDiff: Bool) -> String {
        guard isDiff else { return line }
        if line.hasPrefix("-") { return colour.red(line) }
        if line.hasPrefix("+") { return colour.green(line) }
        return line
    }
}
