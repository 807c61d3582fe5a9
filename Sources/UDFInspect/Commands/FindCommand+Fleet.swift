import UDFDiff
import UDFLog

/// `find` over many recordings: the first (or every) matching step of every
/// session of every file, one row per step, naming its file and session.
extension FindCommand {
    /// One file's answer: each session searched, with its matching steps.
    struct FileMatches: Sendable {
        let sessions: [(session: SessionInfo, timeline: TimelineInfo, steps: [StepSummary])]
    }

    func runMany(_ context: CommandContext) throws(InspectError) -> ExitCode {
        try fleet.inputs.requireFiles()
        let search = self
        var matched = 0
        var searched = 0
        var stream = json ? JSONArrayStream(context.console) : nil
        var table = StreamingTable([
            (.init("SESSION"), FleetRun.uuidWidth), (.init("STEP"), 8), (.init("ACTION"), 16), (.init("FILE"), 0),
        ])
        if !json {
            context.console.out(context.colour.dim("find · \(predicate)\(becomes ? " · turns true" : "") · \(counted(fleet.inputs.files.count, "file"))"))
            context.console.out(table.header(style: context.colour.bold))
        }
        let outcome = fleet.run.run(context, job: { path throws(InspectError) in
            try search.matches(in: path, context: context)
        }, emit: { path, answer in
            for (session, timeline, steps) in answer.sessions {
                searched += 1
                if !steps.isEmpty { matched += 1 }
                for step in steps {
                    if stream != nil {
                        stream?.append(Versioned(FleetStepRecord(file: path, session: session.id, sessionUUID: session.identity.uuid, timeline: timeline.name, step: StepRecord(step, on: timeline))))
                    } else {
                        context.console.out(table.row([
                            session.identity.uuid, "\(timeline.shownName)@\(step.step)", step.shownActionName ?? "(initial state)", path,
                        ]))
                    }
                }
            }
        })
        if let stream {
            stream.finish()
        } else {
            context.console.out(context.colour.dim("\(matched) of \(searched) sessions match."))
        }
        if outcome.exitCode != .success { return outcome.exitCode }
        if matched == 0 {
            context.console.err("No step matches.")
            return .notFound
        }
        return .success
    }

    /// Searches every session of one file, on a worker thread.
    func matches(in path: String, context: CommandContext) throws(InspectError) -> FileMatches {
        let recording: Recording
        do {
            recording = try Recording(path: path)
        } catch {
            throw InspectError(error)
        }
        var found: [(SessionInfo, TimelineInfo, [StepSummary])] = []
        for (session, timeline) in try FleetRun.sessions(of: recording, timeline: fleetTimeline) {
            // A timeline too short for the bounds has no match, as one whose steps all fall outside.
            guard let (from, to) = try? bounds.resolved(on: timeline), from <= timeline.lastStep else {
                found.append((session, timeline, []))
                continue
            }
            let range = from...min(to ?? timeline.lastStep, timeline.lastStep)
            do {
                var eligible: Set<Int>?
                if !filter.isEmpty {
                    eligible = Set(try recording.steps(on: timeline, matching: filter.query(for: session, in: context, range: range)).map(\.step))
                }
                var search = StepSearch(predicate: predicate, range: range, eligible: eligible, becomes: becomes, all: all)
                // The files are already searched on every core.
                search.stretched.workers = 1
                let result = try search.run(in: recording, on: timeline)
                found.append((session, timeline, try recording.steps(result.steps, on: timeline)))
            } catch {
                throw InspectError.reading(error)
            }
        }
        return FileMatches(sessions: found)
    }
}
