import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect blame FILE PATH`: every step that changed the value at a path.
struct BlameCommand: InspectCommand {
    static let at = OptionKey<Int?>.int("--at", value: "step", help: "Consider steps up to this one.", defaultDescription: "the last step")
    static let jobs = OptionKey<Int?>.int(
        "--jobs", value: "n", help: "How many threads read a long timeline at once; the answer is the same with any number.",
        defaultDescription: "the number of cores"
    )

    static let spec = CommandSpec(
        name: "blame",
        abstract: "List every step that changed the value at a path.",
        discussion: """
            For each step whose action changed the value at PATH: the old and the new value and the action. The answer comes from the stored patches; a state is rebuilt only at steps whose patch may touch the path. [id=…] follows the element wherever it moves. A path with [*] compares the array of every value it selects, step by step. Exits with 1 when no step changed the value.
            """,
        arguments: [
            CommonOptions.file,
            ArgumentSpec(name: "path", help: "The path, such as .todos[id=2] or .login.user."),
        ],
        options: [
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.at.spec,
            Self.jobs.spec,
            CommonOptions.json.spec,
        ],
        examples: ["udf-inspect blame todo.udf '.todos[id=2]'", "udf-inspect blame todo.udf .filter --at 11 --json"]
    )

    /// Values longer than this are shortened in text; --json prints them whole.
    static let valueWidth = 60

    let recording: RecordingArguments
    let statePath: JSONPath
    let at: Int?
    let jobs: Int
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        let text = arguments.positional("path") ?? "."
        do {
            statePath = try JSONPath(parsing: text)
        } catch {
            throw arguments.usageError("invalid path '\(text)': \(error)")
        }
        at = try arguments.value(Self.at)
        if let at, at < 0 { throw arguments.usageError("'--at' must not be negative") }
        jobs = try arguments.jobs(Self.jobs)
        json = try arguments.value(CommonOptions.json)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let selection = try recording.open()
        try selection.requireStates(for: "blame")
        let timeline = selection.timeline
        let last = at ?? timeline.lastStep
        if at != nil { _ = try selection.summary(last, on: timeline) }
        var blame = PathBlame(path: statePath)
        blame.stretched.workers = jobs
        let strategy = blame.defaultStrategy
        let found: (changes: [PathBlame.Change], everSelected: Bool)
        do {
            found = try blame.changes(in: selection.recording, on: timeline, through: last, strategy: strategy)
        } catch {
            throw InspectError.reading(error)
        }
        if json {
            try context.console.json(BlameOutput(
                session: selection.session.id,
                timeline: timeline.name,
                path: statePath.description,
                at: last,
                strategy: strategy.rawValue,
                changes: found.changes.map { change in
                    let kind: ChangeKind = change.old == nil ? .added : change.new == nil ? .removed : .changed
                    return BlameOutput.Change(step: StepRecord(change.summary, on: timeline), kind: kind, old: change.old, new: change.new)
                }
            ))
        } else {
            context.console.out(context.colour.dim("blame \(statePath) · \(timeline.shownName) · steps 0…\(last)"))
            let rows = found.changes.map { change in
                [
                    "\(change.step)",
                    ActionFormatter.format(change.summary.action, maxWidth: StepTable.actionWidth),
                    change.summary.cause.map { "← \($0)" } ?? "",
                    Self.describe(change.old, change.new),
                ]
            }
            if !rows.isEmpty {
                let columns: [TableRenderer.Column] = [.init("STEP", alignment: .right), .init("ACTION"), .init("CAUSE"), .init("OLD → NEW")]
                for line in TableRenderer(columns: columns).render(rows, headerStyle: context.colour.bold) {
                    context.console.out(line)
                }
            }
        }
        guard found.changes.isEmpty else { return .success }
        if !found.everSelected {
            context.console.err("The path \(statePath) selects nothing at any step 0…\(last).")
        } else {
            context.console.err("No step up to \(last) changed \(statePath): it holds its value from step 0.")
        }
        return .notFound
    }

    /// A value in one line, or `(absent)` when the path selects nothing.
    static func describe(_ value: JSONValue?) -> String {
        guard let value else { return "(absent)" }
        let text = value.canonicalText
        // No more bytes than the width is no more characters: nothing to cut.
        guard text.utf8.count > valueWidth, text.count > valueWidth else { return text }
        return String(text.prefix(valueWidth - 1)) + "…"
    }

    /// `OLD → NEW` in one line. When a value is too long, both are cut
    /// around where they differ, so two long values that share a start do
    /// not read alike: `…"Buy milk"}] → …"Buy milk"},{"done":false,"id":2,…`.
    static func describe(_ old: JSONValue?, _ new: JSONValue?) -> String {
        guard let old, let new else { return describe(old) + " → " + describe(new) }
        let beforeText = old.canonicalText
        let afterText = new.canonicalText
        // No more bytes than the width is no more characters: nothing to cut.
        if beforeText.utf8.count <= valueWidth, afterText.utf8.count <= valueWidth {
            return beforeText + " → " + afterText
        }
        let before = Array(beforeText)
        let after = Array(afterText)
        guard before.count > valueWidth || after.count > valueWidth else {
            return String(before) + " → " + String(after)
        }
        var prefix = 0
        while prefix < min(before.count, after.count), before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix,
              before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        return excerpt(before, prefix: prefix, suffix: suffix) + " → " + excerpt(after, prefix: prefix, suffix: suffix)
    }

    /// How much of the shared start to keep before the difference.
    static let leadWidth = 16

    /// At most `valueWidth` characters of `text` around its differing middle:
    /// a little of the shared start, the middle, then as much of the shared end as fits.
    private static func excerpt(_ text: [Character], prefix: Int, suffix: Int) -> String {
        var result = ""
        var budget = valueWidth
        if prefix > leadWidth {
            result = "…" + String(text[(prefix - leadWidth + 1)..<prefix])
        } else {
            result = String(text[..<prefix])
        }
        budget -= result.count
        let middle = text[prefix..<(text.count - suffix)]
        if middle.count >= budget {
            return result + String(middle.prefix(max(budget - 1, 0))) + "…"
        }
        result += String(middle)
        budget -= middle.count
        let tail = text[(text.count - suffix)...]
        if tail.count <= budget { return result + String(tail) }
        return result + String(tail.prefix(max(budget - 1, 0))) + "…"
    }
}
