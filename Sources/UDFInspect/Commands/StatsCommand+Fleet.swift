import UDFLog

/// `stats` over many recordings: one summary row per session, naming its
/// file and identity, then the totals.
extension StatsCommand {
    func runMany(_ context: CommandContext) throws(InspectError) -> ExitCode {
        try fleet.inputs.requireFiles()
        let timelineName = fleetTimeline
        var stream = json ? JSONArrayStream(context.console) : nil
        var totals = (sessions: 0, steps: 0, storedBytes: 0)
        var table = StreamingTable([
            (.init("SESSION"), FleetRun.uuidWidth), (.init("TIMELINE"), 8),
            (.init("STEPS", alignment: .right), 7), (.init("ACTIONS", alignment: .right), 7),
            (.init("STORED BYTES", alignment: .right), 0), (.init("LARGEST STATE", alignment: .right), 0), (.init("FILE"), 0),
        ])
        if !json {
            context.console.out(table.header(style: context.colour.bold))
        }
        let outcome = fleet.run.run(context, job: { path throws(InspectError) -> [(SessionInfo, TimelineInfo, TimelineStatistics)] in
            let recording: Recording
            do throws(RecordingError) {
                recording = try Recording(path: path)
            } catch {
                throw InspectError(error)
            }
            var rows: [(SessionInfo, TimelineInfo, TimelineStatistics)] = []
            for (session, timeline) in try FleetRun.sessions(of: recording, timeline: timelineName) {
                do throws(RecordingError) {
                    rows.append((session, timeline, try recording.statistics(on: timeline)))
                } catch {
                    throw InspectError(error)
                }
            }
            return rows
        }, emit: { path, rows in
            for (session, timeline, statistics) in rows {
                let storage = statistics.storage
                totals.sessions += 1
                totals.steps += storage.steps
                totals.storedBytes += storage.keyframeBytes + storage.patchBytes
                if stream != nil {
                    stream?.append(StatsOutput(statistics, session: session, timeline: timeline, file: path))
                } else {
                    let actions = statistics.actions.reduce(0) { $0 + $1.count }
                    context.console.out(table.row([
                        session.identity.uuid, timeline.name, "\(storage.steps)", "\(actions)",
                        "\(storage.keyframeBytes + storage.patchBytes)", "\(storage.largestState)", path,
                    ]))
                }
            }
        })
        if let stream {
            stream.finish()
        } else {
            context.console.out(context.colour.dim("\(counted(totals.sessions, "session")), \(counted(totals.steps, "step")), \(totals.storedBytes) stored bytes."))
        }
        return outcome.exitCode
    }
}
