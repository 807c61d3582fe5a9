import Foundation
import UDFJSON
import UDFLog

/// `udf-inspect import FILE IN`: adds a timeline from a JSON export or a Redux
/// DevTools file to FILE as a new session.
struct ImportCommand: InspectCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Add a session to a recording from an exported JSON document or a Redux DevTools file.",
        discussion: "FILE is created when missing. IN is untrusted: it is parsed with limits on depth and size, and refused on duplicate keys, invalid UTF-8 or numbers out of range. An import that fails leaves FILE exactly as it was.",
        arguments: [CommonOptions.file, ArgumentSpec(name: "in", help: "The JSON file to import.")],
        options: [
            .option("--format", value: "format", help: "json (udf-timeline) or redux.", defaultDescription: "detected from the document", completionValues: ["json", "redux"]),
        ],
        examples: ["udf-inspect import shared.udf todo.json", "udf-inspect import shared.udf devtools.json --format redux"]
    )

    let path: String
    let input: String
    let format: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        input = arguments.positional("in") ?? ""
        format = try arguments.choice("--format", ["json", "redux"])
    }

    func run(_ context: CommandContext) throws(InspectError) -> ExitCode {
        let bytes = try readInput()
        do {
            let document = try SharedDocumentParser.parse(bytes, source: "'\(input)'")
            let isOurs = document["format"]?.stringValue == TimelineDocument.formatName
            let format = format ?? (isOurs ? "json" : "redux")
            var notes: [String] = []
            let timeline: SharedTimeline
            if format == "json" {
                timeline = try TimelineDocument.decode(document)
            } else {
                let result = try ReduxDevToolsImporter.read(document, source: (input as NSString).lastPathComponent)
                timeline = result.timeline
                if result.decodedMarkers > 0 || result.keptMarkers > 0 {
                    notes.append("\(result.decodedMarkers) $jsan markers decoded, \(result.keptMarkers) kept as they are")
                }
                if result.skippedActions > 0 {
                    notes.append("\(result.skippedActions) skipped \(result.skippedActions == 1 ? "action" : "actions") kept and marked")
                }
                if result.timeline.session.metadata?["statesRecorded"] == false {
                    notes.append("the file has no states, so every step keeps the initial state")
                }
            }
            let sessionID = try RecordingImporter(path: path).write(timeline)
            context.console.out("Imported \(timeline.steps.count) steps from \(input) (\(format)) as session \(sessionID) of \(path)")
            for note in notes {
                context.console.out("Note: \(note).")
            }
            return .success
        } catch {
            throw InspectError(sharing: error)
        }
    }

    private func readInput() throws(InspectError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
            throw InspectError.cannotOpen(path: input, reason: "no such file")
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
