import UDFJSON
import UDFSQLite

extension Recording {
    /// Checks the file: SQLite's integrity check, then every timeline's patch
    /// chain and every step's state hash, that each cause precedes its step, and
    /// that the changed-members index agrees with the patches.
    ///
    /// - Parameter session: only this session; every session when nil.
    public func verify(session: SessionInfo? = nil) throws(RecordingError) -> VerificationReport {
        var report = VerificationReport()
        let integrity = try query { db in
            try db.prepare("PRAGMA integrity_check").rows { $0.text(0) }
        }
        if integrity != ["ok"] {
            report.integrityOK = false
            report.problems += integrity.prefix(10).map { "integrity_check: \($0)" }
        }
        let sessions: [SessionInfo]
        if let session {
            sessions = [session]
        } else {
            sessions = try self.sessions()
        }
        for session in sessions {
            report.sessions += 1
            for timeline in try timelines(in: session) {
                report.timelines += 1
                do {
                    let ownRange = timeline.firstOwnStep...max(timeline.firstOwnStep, timeline.lastStep)
                    guard timeline.lastStep >= timeline.firstOwnStep else { continue }
                    var audit = try ChangedMembersAudit(timeline, in: self)
                    // Written out: `nil` in a conditional expression would read as JSON null.
                    var previous: JSONValue?
                    if audit != nil, timeline.firstOwnStep > 0 {
                        previous = try state(at: timeline.firstOwnStep - 1, on: timeline)
                    }
                    try cursor(for: timeline).walkStored(range: ownRange, verifyHashes: true) { row, stored, build in
                        let summary = try row.summary(on: timeline.name)
                        let state = try build()
                        if audit != nil {
                            audit?.check(step: summary.step, stored: stored, previous: previous, state: state)
                            previous = state
                        }
                        report.steps += 1
                        if summary.isKeyframe { report.keyframes += 1 }
                        if let cause = summary.cause, cause >= summary.step || cause < 0 {
                            report.problems.append(
                                "session \(session.id), timeline '\(timeline.name)', step \(summary.step): cause \(cause) does not precede it"
                            )
                        }
                        return true
                    }
                    audit?.finish()
                    report.problems += (audit?.problems ?? []).map {
                        "session \(session.id), timeline '\(timeline.name)', \($0)"
                    }
                } catch {
                    report.problems.append("session \(session.id), timeline '\(timeline.name)': \(error)")
                }
            }
        }
        return report
    }
}
