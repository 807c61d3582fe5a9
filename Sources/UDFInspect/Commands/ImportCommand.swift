import Foundation
import UDFJSON
import UDFLog

/// `udf-inspect import FILE IN`: adds a timeline from a JSON export or a Redux
/// DevTools file to FILE as a new session.
struct ImportCommand: InspectCommand {
    static let format = OptionKey<String?>.choice("--format", value: "format", allowed: ["json", "redux"], help: "json (udf-timeline) or redux.", defaultDescription: "detected from the document")
    static let name = OptionKey<String?>.text("--name", value: "name", help: "The session's name.", defaultDescription: "the document's app, or the Redux file's name")

    static let spec = CommandSpec(
        name: "import",
        abstract: "Add a session to a recording from an exported JSON document or a Redux DevTools file.",
        discussion: "FILE is created when missing. IN is untrusted: it is parsed with limits on depth and size, and refused on duplicate keys, invalid UTF-8 or numbers out of range. An import that fails leaves FILE exactly as it was. A Redux DevTools file without computed states imports as actions only: commands that need states say there are none.",
        arguments: [CommonOptions.file, ArgumentSpec(name: "in", help: "The JSON file to import; - reads standard input.")],
        options: [
            Self.format.spec,
            Self.name.spec,
        ],
        examples: [
            "udf-inspect import shared.udf todo.json",
            "udf-inspect import shared.udf devtools.json --format redux --name checkout",
            "curl -s https://example.com/state.json | udf-inspect import shared.udf - --format redux",
        ]
    )

    let path: String
    let input: String
    let format: String?
    let name: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        input = arguments.positional("in") ?? ""
        format = try arguments.value(Self.format)
        name = try arguments.value(Self.name)
        if let name, name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw arguments.usageError("--name needs a non-empty name")
        }
    }

    /// What messages call the input.
    private var inputName: String { input == "-" ? "standard input" : input }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let bytes = try readInput()
        do {
            let document = try SharedDocumentParser.parse(bytes, source: input == "-" ? "standard input" : "'\(input)'")
            let isOurs = document["format"]?.stringValue == TimelineDocument.formatName
            let format = format ?? (isOurs ? "json" : "redux")
            var notes: [String] = []
            var timeline: SharedTimeline
            if format == "json" {
                timeline = try TimelineDocument.decode(document)
                if let name { timeline.session.app = name }
            } else {
                let result = try ReduxDevToolsImporter.read(document, source: sourceName, name: name ?? (input == "-" ? "Redux DevTools import" : nil))
                timeline = result.timeline
                if result.decodedMarkers > 0 || result.keptMarkers > 0 {
                    notes.append("\(Self.count(result.decodedMarkers, "$jsan marker")) decoded, \(result.keptMarkers) kept as they are")
                }
                if result.skippedActions > 0 {
                    notes.append("\(Self.count(result.skippedActions, "skipped action")) kept and flagged as skipped")
                }
            }
            if !SessionFacts(metadata: timeline.session.metadata).statesRecorded {
                notes.append("the file has no computed states, so the session holds actions only; show, diff, find and step need states and will say so")
            }
            let sessionID = try RecordingImporter(path: path).write(timeline)
            context.console.out("Imported \(Self.count(timeline.steps.count, "step")) from \(inputName) (\(format)) as session \(sessionID) (\(HiddenScalars.escaped(timeline.session.app))) of \(path)")
            for note in notes {
                context.console.out("Note: \(note).")
            }
            return .success
        } catch {
            throw InspectError(sharing: error)
        }
    }

    /// For `import in.json out.udf`, with IN missing and FILE a file with
    /// text that is not a recording: the order that was likely meant. An
    /// empty FILE is a new recording, and a folder is no document.
    private var swappedHint: String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? Int ?? 0) > 0,
              !RecordingFormat.startsAsSQLite(path) else { return "" }
        let meant = ["import", input, path].map(DemoCommand.shellQuoted).joined(separator: " ")
        return "; the recording comes first: udf-inspect \(meant)"
    }

    /// The file's name, for the session's metadata.
    private var sourceName: String { input == "-" ? "stdin" : (input as NSString).lastPathComponent }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    private func readInput() throws(InspectError) -> [UInt8] {
        if input == "-" {
            do {
                return [UInt8](try FileHandle.standardInput.readToEnd() ?? Data())
            } catch {
                throw InspectError.io("cannot read standard input: \(FileErrorReason.of(error))")
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw InspectError.cannotOpen(path: input, reason: "no such file" + swappedHint)
        }
        guard !isDirectory.boolValue else {
            throw InspectError.cannotOpen(path: input, reason: "is a directory")
        }
        // FileHandle, not Data(contentsOf:), so that a pipe or /dev/stdin works too.
        guard let handle = FileHandle(forReadingAtPath: input) else {
            throw InspectError.cannotOpen(path: input, reason: "permission denied")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw InspectError.io("cannot read '\(input)': \(FileErrorReason.of(error))")
        }
    }
}
