import Foundation
import UDFJSON
import UDFSQLite

extension Recording {
    /// Checks the file: SQLite's integrity check, its schema against its
    /// format version's, then every timeline's patch chain and every step's
    /// state hash, that each cause precedes its step, and
    /// that the changed-members index agrees with the patches.
    ///
    /// A long timeline is checked in stretches that start at keyframes, on
    /// up to `workers` threads, each reading the file through its own
    /// connection. The report is the same whatever `workers` is: stretches
    /// are taken in step order, and the first one that fails ends the
    /// timeline's check where a single walk would have ended it.
    ///
    /// - Parameters:
    ///   - session: only this session; every session when nil.
    ///   - workers: threads to check a timeline on; one per core by default,
    ///     at most `maximumVerifyWorkers`.
    ///   - stretchSteps: a timeline is split only into stretches of at least
    ///     this many steps, so short ones are walked once, on this thread.
    public func verify(
        session: SessionInfo? = nil,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        stretchSteps: Int = 2_000
    ) throws(RecordingError) -> VerificationReport {
        // Each thread holds a connection and its files open: a huge count
        // would run out of descriptors and report sound steps as unreadable.
        let workers = min(max(1, workers), Self.maximumVerifyWorkers)
        // On several threads, SQLite's check of a large file runs beside
        // the walk; its problems still come first, and its failure still
        // ends `verify`. A small file's takes milliseconds, and a second
        // connection to it would run `quick_check` again.
        let inBackground = workers > 1 && RecordingFile.fileSize(path) ?? 0 > RecordingFile.quickCheckLimit
        // A large file the system has not cached is read whole first, in
        // large reads, while the check and the walk begin on its pages.
        let readAhead = ReadAhead(path: path, minimumBytes: RecordingFile.quickCheckLimit)
        defer { readAhead.stop() }
        let background = inBackground ? IntegrityCheck(path: path) : nil
        let schema = try query { db in try SchemaCheck.problems(in: db, version: formatVersion) }
        var integrity = try background == nil ? IntegrityCheck.run(on: self) : []
        let walked = Result { () throws(RecordingError) in try walkTimelines(session: session, workers: workers, stretchSteps: stretchSteps) }
        if let background { integrity = try background.result() }
        var report = try walked.get()
        report.problems.insert(contentsOf: schema.map { "schema: \($0)" }, at: 0)
        if integrity != ["ok"] {
            report.integrityOK = false
            report.problems.insert(contentsOf: integrity.prefix(10).map { "integrity_check: \($0)" }, at: 0)
        }
        return report
    }

    /// Every timeline's part of `verify`: its patch chain, state hashes,
    /// causes and index, in a report of their own.
    private func walkTimelines(session: SessionInfo?, workers: Int, stretchSteps: Int) throws(RecordingError) -> VerificationReport {
        var report = VerificationReport()
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
                let prefix = "session \(session.id), timeline '\(timeline.name)'"
                do {
                    guard timeline.lastStep >= timeline.firstOwnStep else { continue }
                    let ownRange = timeline.firstOwnStep...timeline.lastStep
                    let audit = try ChangedMembersAudit(timeline, in: self)
                    let stretches = try verificationStretches(of: timeline, ownRange, count: workers * 4, minimum: stretchSteps)
                    try verify(timeline, in: stretches, workers: workers, audit: audit, prefix: prefix, into: &report)
                } catch {
                    report.problems.append("\(prefix): \(error)")
                }
            }
        }
        return report
    }

    /// The most threads `verify` checks a timeline on, whatever it is asked.
    public static let maximumVerifyWorkers = 64

    /// What checking one stretch of a timeline found.
    struct StretchVerification: Sendable {
        var steps = 0
        var keyframes = 0
        /// Causes that do not precede their steps, in step order.
        var badCauses: [(step: Int, cause: Int)] = []
        var audit: ChangedMembersAudit?
        /// Why the walk stopped early, if it did.
        var failure: String?
    }

    /// Checks `stretches` of `timeline` and adds what they found to `report`
    /// in step order, up to and including the first stretch that failed.
    private func verify(
        _ timeline: TimelineInfo, in stretches: [ClosedRange<Int>], workers: Int,
        audit: ChangedMembersAudit?, prefix: String, into report: inout VerificationReport
    ) throws(RecordingError) {
        var merged = audit
        var failure: String?
        func add(_ stretch: StretchVerification) -> Bool {
            report.steps += stretch.steps
            report.keyframes += stretch.keyframes
            report.problems += stretch.badCauses.map { "\(prefix), step \($0.step): cause \($0.cause) does not precede it" }
            if let stretchFailure = stretch.failure {
                failure = stretchFailure
                return false
            }
            if let found = stretch.audit { merged?.absorb(found) }
            return true
        }
        if stretches.count == 1 {
            _ = add(verifyStretch(stretches[0], of: timeline, audit: audit?.forStretch()))
        } else {
            let path = self.path
            OrderedWorkerPool(workers: workers).run(stretches, job: { range in
                do {
                    return try Recording(path: path).verifyStretch(range, of: timeline, audit: audit?.forStretch())
                } catch {
                    return StretchVerification(failure: "\(error)")
                }
            }, deliver: { _, stretch in add(stretch) })
        }
        if let failure {
            // As a single walk: what the index audit found is not reported past a broken chain.
            report.problems.append("\(prefix): \(failure)")
            return
        }
        merged?.finish()
        report.problems += (merged?.problems ?? []).map { "\(prefix), \($0)" }
    }

    /// Walks `range` of `timeline`, checking every state's hash, every cause,
    /// and, with `audit`, the changed-members index.
    private func verifyStretch(_ range: ClosedRange<Int>, of timeline: TimelineInfo, audit: ChangedMembersAudit?) -> StretchVerification {
        var result = StretchVerification(audit: audit)
        do {
            try cursor(for: timeline).walkStored(range: range, verifyHashes: true) { row, stored, build, beforeKeyframe in
                // Of a step's summary, verify needs its number and cause, and its
                // action to parse; whether it is a keyframe, `stored` says.
                let step = row.int(.step)
                let causeValue = row.optionalInt(.cause)
                _ = try row.action(on: timeline.name, actions: parsedActions)
                let state = try build()
                result.audit?.check(step: step, stored: stored, previous: beforeKeyframe, state: state)
                result.steps += 1
                if case .keyframe = stored { result.keyframes += 1 }
                if let cause = causeValue, cause >= step || cause < 0 {
                    result.badCauses.append((step, cause))
                }
                return true
            }
        } catch {
            result.failure = "\(error)"
        }
        return result
    }

    /// `range` split into up to `count` stretches of at least `minimum`
    /// steps, each after the first starting at a keyframe, so no stretch
    /// replays a patch another one replays.
    private func verificationStretches(
        of timeline: TimelineInfo, _ range: ClosedRange<Int>, count: Int, minimum: Int
    ) throws(RecordingError) -> [ClosedRange<Int>] {
        let wanted = min(count, range.count / max(1, minimum))
        guard wanted > 1 else { return [range] }
        var starts = [range.lowerBound]
        try query { db in
            let nextKeyframe = try db.cachedStatement(
                "SELECT min(step) FROM steps WHERE timeline_id = ? AND step BETWEEN ? AND ? AND keyframe IS NOT NULL"
            )
            for part in 1..<wanted {
                let target = range.lowerBound + range.count * part / wanted
                guard let last = starts.last, target > last,
                      let start = try nextKeyframe.firstRow([timeline.id, target, range.upperBound], { $0.optionalInt(0) }) ?? nil,
                      start > last else { continue }
                starts.append(start)
            }
        }
        return zip(starts, starts.dropFirst().map { $0 - 1 } + [range.upperBound]).map { $0...$1 }
    }
}
