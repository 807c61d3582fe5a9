import Foundation
import UDFLog

/// `export --format ndjson`: every step of one or many recordings as one
/// JSON object per line, streamed as each timeline is walked.
extension ExportCommand {
    func runNDJSON(_ context: CommandContext) throws(InspectError) -> ExitCode {
        try inputs.requireFiles()
        try refuseOutput(replacing: inputs.files)
        let output = try NDJSONOutput(path: self.output, console: context.console)
        var exporter = NDJSONExporter(redactor: redactor, patches: patches) { bytes in try output.write(bytes) }
        var outcome = FleetRun.Outcome()
        var sessionCount = 0
        for path in inputs.files {
            do throws(InspectError) {
                let (recording, pairs) = try sessionsToExport(in: path)
                for (session, timeline) in pairs {
                    do {
                        try exporter.export(recording, session: session, timeline: timeline, file: path)
                    } catch {
                        throw InspectError.reading(error)
                    }
                    sessionCount += 1
                }
                outcome.answered += 1
            } catch {
                // Lines already written for this file stay: they are whole and correct.
                outcome.failed += 1
                if outcome.firstError == nil { outcome.firstError = error }
                context.console.err("Error: \(error.message)")
            }
            if context.console.isOutputClosed { break }
        }
        do {
            try exporter.flush()
        } catch {
            output.discard()
            throw InspectError.io("cannot write '\(self.output)': \(FileErrorReason.of(error))")
        }
        if outcome.answered == 0, let error = outcome.firstError {
            output.discard()
            throw error
        }
        try output.finish()
        let files = inputs.files.count
        let summary = [
            "Exported \(counted(exporter.lineCount, "step")) of \(sessionCount) \(sessionCount == 1 ? "session" : "sessions") from \(outcome.answered) of \(files) \(files == 1 ? "file" : "files") as ndjson to \(self.output)",
            "Redacted \(exporter.redactedCount) \(exporter.redactedCount == 1 ? "value" : "values").",
        ]
        // With the data on stdout, the summary goes where it cannot mix with it.
        for line in summary {
            if output.isStandardOutput { context.console.err(line) } else { context.console.out(line) }
        }
        return outcome.exitCode
    }

    /// The recording at `path` and the sessions to export from it: the
    /// chosen one for a single file, every one over many.
    private func sessionsToExport(in path: String) throws(InspectError) -> (Recording, [(SessionInfo, TimelineInfo)]) {
        if !inputs.isMany {
            let selection = try recording.open()
            return (selection.recording, [(selection.session, selection.timeline)])
        }
        let opened: Recording
        do {
            opened = try Recording(path: path)
        } catch {
            throw InspectError(error)
        }
        return (opened, try FleetRun.sessions(of: opened, timeline: fleetTimeline))
    }
}
