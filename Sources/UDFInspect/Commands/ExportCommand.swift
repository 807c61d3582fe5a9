import Foundation
import UDFDiff
import UDFJSON
import UDFLog

/// `udf-inspect export FILE --format F -o OUT`: shares one timeline as a
/// standalone recording, a JSON document, a Redux DevTools file or an HTML page.
struct ExportCommand: InspectCommand {
    static let formats = ["udf", "json", "redux", "html", "ndjson"]

    static let format = OptionKey<String?>.choice("--format", value: "format", allowed: formats, help: "The output format: udf, json, redux, html or ndjson.").required()
    static let output = OptionKey<String?>.text("-o", "--output", value: "out", help: "The file to write; an existing file is replaced. - is stdout, except for udf.").required()
    static let from = OptionKey<StepPosition?>.position("--from", help: "The first step to export, such as 40 or last~99.", defaultDescription: "0")
    static let to = OptionKey<StepPosition?>.position("--to", help: "The last step to export.", defaultDescription: "the last step")
    static let redact = OptionKey<[String]>.repeating("--redact", value: "key-or-path", help: "Also redact this key, or the value at this path such as .profile.ssn.")
    static let patches = OptionKey<Bool>.flag("--patches", help: "With --format json or ndjson, store the first state and then one patch per step.")

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export one timeline as a .udf recording, JSON, a Redux DevTools file or an HTML page, or many as NDJSON.",
        discussion: "Every format streams: memory stays bounded whatever the timeline's length. A branch is exported flattened with the steps it inherits. --format html without --timeline, --from or --to puts every timeline of the session in one page, with a timeline picker. Secrets are redacted again on the way out: the default secret keys plus every --redact key or path (a value starting with . is a path). The last line says how many values were redacted. --format ndjson writes one JSON object per step and line (schema in docs/fleet.md), streaming, and takes several files or directories: every session of every file goes into one output, in path order; '-o -' writes it to stdout and the summary to stderr.",
        arguments: [CommonOptions.files],
        options: [
            Self.format.spec,
            Self.output.spec,
            CommonOptions.session.spec,
            CommonOptions.timeline.spec,
            Self.from.spec,
            Self.to.spec,
            Self.redact.spec,
            Self.patches.spec,
        ],
        examples: [
            "udf-inspect export todo.udf --format html -o bug.html",
            "udf-inspect export todo.udf --timeline fix --format udf -o fix.udf",
            "udf-inspect export todo.udf --format json --patches --redact email -o todo.json",
            "udf-inspect export recordings/ --format ndjson -o steps.ndjson",
        ]
    )

    let recording: RecordingArguments
    let format: String
    let output: String
    let bounds: StepBounds
    let redactor: Redactor
    let patches: Bool
    let inputs: RecordingInputs
    /// The `--timeline` to export from every session, with ndjson over many files.
    let fleetTimeline: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        recording = try RecordingArguments(arguments)
        guard let format = try arguments.value(Self.format) else {
            throw arguments.usageError("Missing '--format <format>': one of udf, json, redux, html, ndjson")
        }
        inputs = RecordingInputs(arguments.positionals("file"))
        fleetTimeline = try arguments.value(CommonOptions.timeline)
        // A lone directory is left to fail as "is a directory", as for every other format.
        if arguments.positionals("file").count > 1, format != "ndjson" {
            throw arguments.usageError("--format \(format) exports one timeline of one file; several files need --format ndjson")
        }
        if inputs.isMany, try arguments.isGiven(CommonOptions.session) {
            throw arguments.usageError("'--session' reads one file; with several files every session is read")
        }
        let fromGiven = try arguments.isGiven(Self.from)
        let toGiven = try arguments.isGiven(Self.to)
        if format == "ndjson", fromGiven || toGiven {
            throw arguments.usageError("--from and --to do not apply to --format ndjson, which exports whole timelines")
        }
        self.format = format
        guard let output = try arguments.value(Self.output) else {
            throw arguments.usageError("Missing '-o <out>': the file to write")
        }
        self.output = output
        if output == "-", format == "udf" {
            throw arguments.usageError("--format udf writes a recording file; '-o -' is for the text formats")
        }
        bounds = try StepBounds(from: arguments.value(Self.from), to: arguments.value(Self.to), arguments)
        patches = try arguments.value(Self.patches)
        if patches, format != "json", format != "ndjson" {
            throw arguments.usageError("--patches only applies to --format json and ndjson")
        }
        let (keys, paths) = try RedactionArguments.parse(try arguments.value(Self.redact), arguments)
        redactor = Redactor(extraKeys: keys, paths: paths)
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        if format == "ndjson" { return try runNDJSON(context) }
        let selection = try recording.open()
        try refuseOutput(replacing: [selection.recording.path])
        let last = selection.timeline.lastStep
        let (from, to) = try bounds.resolved(on: selection.timeline)
        // A range that starts past the end would trap when built.
        guard from <= (to ?? last) else {
            throw InspectError.badArgument(selection.timeline.missingStepMessage(from))
        }
        let requested = from...(to ?? last)
        if format == "html", self.recording.timeline == nil, !bounds.isGiven {
            return try runHTML(context, selection: selection, timelines: try allTimelines(selection))
        }
        let range: ShareRange
        let shared: SharedSession
        var redacted: Int
        do {
            range = try selection.recording.shareRange(requested, of: selection.timeline)
            (shared, redacted) = try selection.recording.sharedSession(selection.session, timeline: selection.timeline, range: range, redactor: redactor)
        } catch {
            throw InspectError(error)
        }
        let recording = selection.recording
        let timeline = selection.timeline
        let redactor = self.redactor
        if format == "udf" {
            do {
                let importer = RecordingImporter(path: output)
                // The stored rows as they are, where their text proves redaction changes nothing; else step by step.
                let copied = try importer.copyStandalone(session: shared, of: recording, timeline: timeline, range: range, redactor: redactor)
                if !copied {
                    try importer.writeStandalone(session: shared) { emit in
                        redacted += try recording.walkSharedStepsOverlapped(timeline, range: range, redactor: redactor, emit)
                    }
                }
            } catch {
                throw InspectError(sharing: error)
            }
        } else if format == "html" {
            return try runHTML(context, selection: selection, timelines: [timeline], range: requested)
        } else {
            let out = try NDJSONOutput(path: output, console: context.console)
            do {
                if format == "json" {
                    var writer = try TimelineDocumentWriter(session: shared, encoding: patches ? .patches : .states) { try out.write($0) }
                    if patches {
                        redacted += try recording.walkSharedCanonical(timeline, range: range, redactor: redactor) { step, canonical in
                            try writer.append(step, canonicalState: canonical)
                        }
                    } else {
                        redacted += try recording.walkSharedStateTexts(timeline, range: range, redactor: redactor) { try writer.append($0) }
                    }
                    try writer.finish()
                } else {
                    var writer = try ReduxDevToolsWriter(skippedSteps: SessionFacts(metadata: shared.metadata).skippedSteps) { try out.write($0) }
                    do {
                        redacted += try recording.walkSharedStateTexts(timeline, range: range, redactor: redactor) { step in
                            try writer.append(step, stateText: step.canonicalState)
                        }
                        try writer.finish()
                    } catch {
                        writer.discard()
                        throw error
                    }
                }
            } catch {
                out.discard()
                throw exportError(error)
            }
            try out.finish()
        }
        summarize(context, [
            "Exported steps \(range.wanted.lowerBound)…\(range.wanted.upperBound) of session \(selection.session.id), timeline \(timeline.name) (\(counted(range.exportedCount, "step"))) as \(format) to \(output)",
            "Redacted \(redacted) \(redacted == 1 ? "value" : "values").",
        ])
        return .success
    }

    /// Replacing a recording being read would lose it: OUT naming one of
    /// `inputs` (by any spelling: the same file) is a bad argument.
    func refuseOutput(replacing inputs: [String]) throws(InspectError) {
        guard let input = inputs.first(where: { SpecialFile.isSameFile(output, $0) }) else { return }
        let which = inputs.count > 1 ? "'\(input)', one of the recordings" : "the recording"
        throw InspectError.badArgument("cannot write '\(output)': it is \(which) being exported; choose another file")
    }

    /// Every timeline of the selected session, main first, for the page's timeline picker.
    private func allTimelines(_ selection: RecordingSelection) throws(InspectError) -> [TimelineInfo] {
        do {
            let all = try selection.recording.timelines(in: selection.session)
            return all.filter { $0.lastStep >= 0 }
        } catch {
            throw InspectError(error)
        }
    }

    /// `--format html`: one page of one or several timelines, streamed.
    private func runHTML(
        _ context: CommandContext, selection: RecordingSelection, timelines: [TimelineInfo], range requested: ClosedRange<Int>? = nil
    ) throws(InspectError) -> ExitCode {
        let recording = selection.recording
        var plans: [(TimelineInfo, ShareRange, HTMLViewer.TimelineHeader)] = []
        var redacted = 0
        do {
            let facts = try recording.facts(of: selection.session)
            for timeline in timelines {
                let range = try recording.shareRange(timeline == selection.timeline ? requested : nil, of: timeline)
                let skipped = timeline.parentID == nil
                    ? Set(facts.skippedSteps.filter { $0 > range.offset && $0 <= range.wanted.upperBound }.map { $0 - range.offset })
                    : []
                plans.append((timeline, range, HTMLViewer.TimelineHeader(
                    name: timeline.name, stepCount: range.exportedCount, statesRecorded: facts.statesRecorded, skippedSteps: skipped
                )))
            }
        } catch {
            throw InspectError(error)
        }
        let out = try NDJSONOutput(path: output, console: context.console)
        var steps = 0
        do {
            var page = try HTMLViewer(title: selection.session.app, timelines: plans.map(\.2)) { try out.write($0) }
            for (timeline, range, _) in plans {
                try page.beginTimeline()
                redacted += try recording.walkSharedCanonical(timeline, range: range, redactor: redactor) { step, canonical in
                    try page.append(step.input, canonicalState: canonical)
                }
            }
            try page.finish()
            steps = page.stepCount
        } catch {
            out.discard()
            throw exportError(error)
        }
        try out.finish()
        let first: String
        if plans.count == 1, let (timeline, range, _) = plans.first {
            first = "Exported steps \(range.wanted.lowerBound)…\(range.wanted.upperBound) of session \(selection.session.id), timeline \(timeline.name) (\(steps) \(steps == 1 ? "step" : "steps")) as html to \(output)"
        } else {
            let names = plans.map(\.0.name).joined(separator: ", ")
            first = "Exported \(plans.count) timelines of session \(selection.session.id) (\(names); \(steps) steps) as html to \(output)"
        }
        summarize(context, [first, "Redacted \(redacted) \(redacted == 1 ? "value" : "values")."])
        return .success
    }

    /// With the data on stdout, the summary goes where it cannot mix with it.
    private func summarize(_ context: CommandContext, _ lines: [String]) {
        for line in lines {
            if output == "-" { context.console.err(line) } else { context.console.out(line) }
        }
    }

    private func exportError(_ error: any Error) -> InspectError {
        switch error {
        case let error as InspectError: error
        case let error as RecordingError: InspectError(error)
        case let error as SharingError: InspectError(sharing: error)
        default: InspectError.io("cannot write '\(output)': \(FileErrorReason.of(error))")
        }
    }

    /// Writes through a temporary file, so a failed export never leaves half
    /// a file; a device or pipe is written in place.
    static func write(_ text: String, to path: String) throws(InspectError) {
        if SpecialFile.isDirectory(path) {
            throw InspectError.io("cannot write '\(path)': is a directory")
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: SpecialFile.isSpecial(path) ? [] : .atomic)
        } catch {
            throw InspectError.io("cannot write '\(path)': \(FileErrorReason.of(error))")
        }
    }
}
