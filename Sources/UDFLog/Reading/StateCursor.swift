import UDFDiff
import UDFJSON
import UDFSQLite

/// The read side's one state pipeline for one timeline: its lineage, the
/// nearest keyframe, patch replay and the hash check.
///
/// Every reader of states goes through it: `state(at:)` (show, diff, the
/// stepper), `walk` (find, verify, export), `walkRows` (blame, find and
/// the udf row copy, which read stored rows as they are) and `summary(at:)`. It builds the lineage once, and it owns the invariant
/// that reading fast depends on: the state it built last is kept, so the
/// next step costs one patch, and patches are applied in place, so the
/// hash check pays for the patched paths only: the tree hasher (format v4
/// sessions) is told each patch's edits and measures again only what they
/// reach, and for an older session's text hash the canonical writer copies
/// the bytes of every unchanged subtree the state shares with the previous
/// one.
final class StateCursor {
    let timeline: TimelineInfo
    /// Where each step is stored: ancestors' rows up to each fork, then the
    /// timeline's own, oldest first.
    let segments: [TimelineSegment]
    private unowned let recording: Recording
    private var last: (step: Int, state: JSONValue)?
    private var lastSummary: StepSummary?
    /// How many steps `walkRows` read by number found where their row id
    /// was foretold, and how many it looked up in the index instead.
    private(set) var namedStepReads = (byRowID: 0, byIndex: 0)
    /// The session's: every step of every timeline of a session uses one.
    let hashAlgorithm: StateHashAlgorithm
    /// For the text hash: the canonical bytes of the keyframe or of `last`, by subtree.
    private let writer = IncrementalCanonicalWriter()
    /// For the tree hash of `state(at:)`: the hashes of `last`, by subtree.
    /// A walk keeps one of its own, so that a `state(at:)` its body asks
    /// for cannot move this one on from under it, nor it this one.
    private let treeHasher = EditedTreeHash()

    init(recording: Recording, timeline: TimelineInfo) throws(RecordingError) {
        self.recording = recording
        self.timeline = timeline
        self.segments = try recording.lineage(of: timeline)
        self.hashAlgorithm = try recording.stateHashAlgorithm(ofSession: timeline.sessionID)
    }

    func segment(holding step: Int) -> TimelineSegment? {
        segments.first { $0.steps.contains(step) }
    }

    /// One step's metadata, read once however often it is asked for.
    func summary(at step: Int) throws(RecordingError) -> StepSummary {
        if let lastSummary, lastSummary.step == step { return lastSummary }
        guard let segment = segment(holding: step) else { throw recording.missingStep(step, on: timeline) }
        let columns = StepsTable.summaryColumns
        let found = try recording.query { db in
            try db.cachedStatement(StepsTable.select(columns) + " WHERE timeline_id = ? AND step = ?")
                .firstRow([segment.timelineID, step]) { row in try StepRow(row: row, columns: columns).summary(on: timeline.name, actions: recording.parsedActions) }
        }
        guard let found else { throw recording.missingStep(step, on: timeline) }
        lastSummary = found
        return found
    }

    /// The metadata of many steps, in the order given: read by number, up to
    /// 512 to a query, rather than one query each, where a recorder put
    /// their rows (`readNamedRows`).
    func summaries(at steps: [Int]) throws(RecordingError) -> [StepSummary] {
        let columns = StepsTable.summaryColumns
        var found: [Int: StepSummary] = [:]
        found.reserveCapacity(steps.count)
        do {
            for segment in segments {
                let wanted = Set(steps.filter(segment.steps.contains)).sorted()
                var foretellsIDs = true
                for start in stride(from: 0, to: wanted.count, by: IndexedReads.stepsPerQuery) {
                    let chunk = Array(wanted[start..<min(start + IndexedReads.stepsPerQuery, wanted.count)])
                    _ = try readNamedRows(chunk, columns: columns, segment.timelineID, foretellsIDs: &foretellsIDs) { row in
                        let summary = try row.summary(on: timeline.name, actions: recording.parsedActions)
                        found[summary.step] = summary
                        return true
                    }
                }
            }
        } catch let error as RecordingError {
            throw error
        } catch {
            throw RecordingError.from(error, path: recording.path)
        }
        return try steps.map { step throws(RecordingError) in
            guard let summary = found[step] else { throw recording.missingStep(step, on: timeline) }
            return summary
        }
    }

    /// The state after `step`, rebuilt from the nearest keyframe at or before
    /// it (or from the state built last, when that is nearer) and checked
    /// against its stored hash.
    func state(at step: Int) throws(RecordingError) -> JSONValue {
        guard let segment = segment(holding: step) else { throw recording.missingStep(step, on: timeline) }
        if let last, last.step == step { return last.state }
        let keyframeColumns: [StepColumn] = [.step, .keyframe]
        let keyframe = try recording.query { db in
            try db.cachedStatement(StepsTable.select(keyframeColumns) + """
                 WHERE timeline_id = ? AND step <= ? AND keyframe IS NOT NULL ORDER BY step DESC LIMIT 1
                """).firstRow([segment.timelineID, step]) { sqliteRow in
                let row = StepRow(row: sqliteRow, columns: keyframeColumns)
                return (row.int(.step), row.bytes(.keyframe) ?? [])
            }
        }
        guard let keyframe else { throw corrupt(step, "no keyframe precedes it") }
        var current: (step: Int, state: JSONValue)
        let continuesLast: Bool
        if let last, last.step >= keyframe.0, last.step < step, self.segment(holding: last.step) == segment {
            current = last
            continuesLast = true
        } else {
            current = (keyframe.0, try parse(keyframe.1, step: keyframe.0, seeding: hashAlgorithm == .canonicalText))
            continuesLast = false
        }
        self.last = nil
        if current.step < step {
            let patchColumns: [StepColumn] = [.step, .patch]
            let patches = try recording.query { db in
                try db.cachedStatement(StepsTable.select(patchColumns) + " WHERE timeline_id = ? AND step > ? AND step <= ? ORDER BY step")
                    .rows([segment.timelineID, current.step, step]) { sqliteRow in
                        let row = StepRow(row: sqliteRow, columns: patchColumns)
                        return (row.int(.step), row.bytes(.patch))
                    }
            }
            // Taken out of `current`, the state is this loop's alone, so each
            // patch changes it in place.
            var state = current.state
            current.state = .null
            for (patchStep, bytes) in patches {
                guard let bytes else { throw corrupt(patchStep, "a keyframe follows the chosen one") }
                try apply(bytes, toInPlace: &state, step: patchStep, noting: continuesLast ? treeHasher : nil)
                current.step = patchStep
            }
            current.state = state
            guard current.step == step else { throw corrupt(step, "its patch chain has a gap after step \(current.step)") }
        }
        try checkHash(of: current.state, against: try summary(at: step).stateHash, step: step, with: treeHasher, sharesLast: continuesLast)
        last = current
        return current.state
    }

    /// Visits each step of `range` in order with its state, applying one
    /// patch per step. `body` returns false to stop early.
    ///
    /// With `verifyHashes`, every state is checked against its stored hash.
    func walk(
        range: ClosedRange<Int>? = nil,
        verifyHashes: Bool = false,
        _ body: (StepSummary, JSONValue) throws -> Bool
    ) throws {
        try walkStored(range: range, verifyHashes: verifyHashes) { row, _, state, _ in try body(try row.summary(on: timeline.name, actions: recording.parsedActions), try state()) }
    }

    /// `walk`, handing each step over as its row, unparsed, with the state
    /// as the file stores it, and the state itself built only when `body`
    /// asks for it: for a copy that can keep the stored text, parse the
    /// action on another thread, or make the state's text from the stored
    /// one.
    ///
    /// While `body` does not ask, no keyframe is parsed and no patch applied:
    /// the stored texts since the last keyframe wait, and the first ask
    /// applies them in order, failing at the first that does not. A text
    /// never asked for before the next keyframe is not checked here; a
    /// caller that skips states checks their texts itself. Waiting texts
    /// are built anyway past `StateCursor.unbuiltLimit`, so memory stays bounded.
    ///
    /// At a keyframe, `body` also gets the state of the step before it,
    /// when that state was built (always, with `verifyHashes`), and nil
    /// otherwise: so a caller that compares a keyframe with the state
    /// before need not hold every state, which would make each patch copy
    /// what it changes.
    func walkStored(
        range: ClosedRange<Int>? = nil,
        verifyHashes: Bool = false,
        _ body: (_ row: StepRow, _ stored: StoredStateText, _ state: () throws(RecordingError) -> JSONValue, _ beforeKeyframe: JSONValue?) throws -> Bool
    ) throws {
        guard timeline.lastStep >= 0 else { return }
        let wanted = range ?? 0...timeline.lastStep
        var pending = PendingStates(firstStep: wanted.lowerBound)
        if wanted.lowerBound > 0, wanted.lowerBound <= timeline.lastStep {
            pending.built = try self.state(at: wanted.lowerBound - 1)
            last = nil
        }
        let hasher = EditedTreeHash()
        let seeding = verifyHashes && hashAlgorithm == .canonicalText
        let noting = verifyHashes ? hasher : nil
        try walkRows(range: wanted, columns: StepsTable.summaryAndStorageColumns) { row in
            let step = row.int(.step)
            let (stored, beforeKeyframe) = try pending.take(row, in: self)
            if pending.isOverLimit {
                _ = try pending.build(in: self, seeding: seeding, noting: noting)
            }
            if verifyHashes {
                try checkHash(of: try pending.build(in: self, seeding: seeding, noting: noting), against: row.text(.stateHash), step: step, with: hasher)
            }
            return try body(row, stored, { () throws(RecordingError) in try pending.build(in: self, seeding: seeding, noting: noting) }, beforeKeyframe)
        }
    }

    /// What `walkStored` holds between rows: the state after the last step
    /// built, and the stored texts of the steps since.
    ///
    /// A value with a mutating method, not a local function over the walk's
    /// variables: Swift checks a local function's captured variables for
    /// exclusive access at run time, on every access, and a walk makes
    /// several a step.
    private struct PendingStates {
        /// Where the walk starts, for a state asked for before any.
        let firstStep: Int
        var built: JSONValue?
        var unbuilt: [(step: Int, text: StoredStateText)] = []
        var unbuiltBytes = 0

        init(firstStep: Int) {
            self.firstStep = firstStep
        }

        /// Whether more waits than `StateCursor.unbuiltLimit` allows.
        var isOverLimit: Bool {
            unbuilt.count > StateCursor.unbuiltLimit.steps || unbuiltBytes > StateCursor.unbuiltLimit.bytes
        }

        /// Puts the row's stored text in line to be built. Returns it, and
        /// at a keyframe the state of the step before, when that was built.
        mutating func take(_ row: StepRow, in cursor: StateCursor) throws(RecordingError) -> (StoredStateText, beforeKeyframe: JSONValue?) {
            let step = row.int(.step)
            let stored: StoredStateText
            var beforeKeyframe: JSONValue?
            if let keyframe = row.bytes(.keyframe) {
                if unbuilt.isEmpty { beforeKeyframe = built }
                // A keyframe means the same whatever came before it.
                unbuilt.removeAll(keepingCapacity: true)
                unbuiltBytes = 0
                built = nil
                stored = .keyframe(keyframe)
            } else if let patch = row.bytes(.patch), built != nil || !unbuilt.isEmpty {
                stored = .patch(patch)
            } else {
                throw cursor.corrupt(step, "it has a patch but no state precedes it")
            }
            unbuilt.append((step, stored))
            unbuiltBytes += stored.bytes.count
            return (stored, beforeKeyframe)
        }

        /// Parses and applies the waiting texts in order, failing at the first that does not build.
        mutating func build(in cursor: StateCursor, seeding: Bool, noting hasher: EditedTreeHash?) throws(RecordingError) -> JSONValue {
            for (step, text) in unbuilt {
                switch text {
                case .keyframe(let bytes):
                    built = try cursor.parse(bytes, step: step, seeding: seeding)
                    hasher?.reset()
                case .patch(let bytes):
                    guard var current = built else { throw cursor.corrupt(step, "it has a patch but no state precedes it") }
                    // Taken out, the state is this loop's alone, so the patch changes it in place.
                    built = nil
                    try cursor.apply(bytes, toInPlace: &current, step: step, noting: hasher)
                    built = current
                }
            }
            unbuilt.removeAll(keepingCapacity: true)
            unbuiltBytes = 0
            guard let built else { throw cursor.corrupt(firstStep, "no state precedes it") }
            return built
        }
    }

    /// How many stored texts, and how many of their bytes, `walkStored`
    /// keeps unbuilt at most: about a keyframe interval's worth.
    static let unbuiltLimit = (steps: 1_024, bytes: 8 << 20)

    /// Visits each stored row of `range` in step order, through the lineage's
    /// segments, selecting `columns`, building and parsing nothing: the one
    /// row loop every walk goes through. A step missing from the file is a
    /// corrupt step. `body` returns false to stop; no further row is read.
    ///
    /// - Parameter keys: When given, a segment whose timeline is indexed as
    ///   deep as the keys need yields only the steps indexed under one of
    ///   them or the root; the rows left out are exactly those a query about
    ///   the parts they name would find unchanged. Other segments yield every row.
    ///
    /// - Parameter described: When given, a segment indexed with operations
    ///   (v7) hands it, instead of a row, each step indexed only under the
    ///   keys' children, with its operations under them as one patch
    ///   (`ChangedMembersTable.described`); it returns false to stop.
    func walkRows(
        range: ClosedRange<Int>, columns: [StepColumn], touching keys: ChangeIndexKeys? = nil,
        described: ((Int, JSONPatch) throws -> Bool)? = nil, _ body: (StepRow) throws -> Bool
    ) throws {
        let everyRow = StepsTable.select(columns) + " WHERE timeline_id = ? AND step BETWEEN ? AND ? ORDER BY step"
        /// Every row of `steps` on one timeline, scanned.
        func readEvery(_ timelineID: Int, _ steps: ClosedRange<Int>, deliver body: (StepRow) throws -> Bool) throws -> Bool {
            try readRows(everyRow, columns: columns, timelineID, steps, deliver: body)
        }
        /// Whether row ids are still foretold in this segment (`readNamedRows`).
        var foretellsIDs = true
        /// Reads the rows `touched` names in `steps`, handing `described`
        /// each of `describedSteps` in step order between them; a row read
        /// for a described step (a stretch reads every row) stands for it.
        func readInterleaved(
            _ touched: (base: Int, bits: [UInt8]), _ describedSteps: [(step: Int, patch: JSONPatch)], _ steps: ClosedRange<Int>,
            _ timelineID: Int, described: (Int, JSONPatch) throws -> Bool
        ) throws -> Bool {
            var nextDescribed = 0
            func describe(before step: Int) throws -> Bool {
                while nextDescribed < describedSteps.count, describedSteps[nextDescribed].step <= step {
                    let (describedStep, patch) = describedSteps[nextDescribed]
                    nextDescribed += 1
                    if describedStep < step, try !described(describedStep, patch) { return false }
                }
                return true
            }
            func interleaved(_ row: StepRow) throws -> Bool {
                try describe(before: row.int(.step)) && body(row)
            }
            for next in IndexedReads(touched: touched, range: steps) {
                switch next {
                case .stretch(let stretch):
                    guard try readEvery(timelineID, stretch, deliver: interleaved) else { return false }
                case .steps(let named):
                    guard try readNamedRows(named, columns: columns, timelineID, foretellsIDs: &foretellsIDs, deliver: interleaved) else {
                        return false
                    }
                }
            }
            return try describe(before: steps.upperBound + 1)
        }
        for segment in segments {
            let lower = max(segment.steps.lowerBound, range.lowerBound)
            let upper = min(segment.steps.upperBound, range.upperBound)
            guard lower <= upper else { continue }
            foretellsIDs = true
            let from = max(lower, 1)
            // What the index says of the segment: the operations it keeps
            // for the keys' children (v7), or its bitmap of the steps to read.
            enum Reading {
                case described([String], (Int, JSONPatch) throws -> Bool)
                case named((base: Int, bits: [UInt8]))
            }
            let indexed: ClosedRange<Int>
            let reading: Reading
            if let keys, let described, from <= upper, let (describes, covered) = try describing(segment.timelineID, from...upper, keys: keys) {
                (indexed, reading) = (covered, .described(describes, described))
            } else {
                let reach = try keys.map { keys in try from <= upper ? self.reach(of: segment.timelineID, from...upper, keys: keys) : .unindexed }
                guard case .covered(let covered, let touched)? = reach else {
                    guard try readEvery(segment.timelineID, lower...upper, deliver: body) else { return }
                    continue
                }
                (indexed, reading) = (covered, .named(touched))
            }
            // Step 0 has no bits: it has no previous state to differ from.
            if lower == 0 {
                guard try readEvery(segment.timelineID, 0...0, deliver: body) else { return }
            }
            switch reading {
            case .named(let touched):
                guard try readInterleaved(touched, [], indexed, segment.timelineID, described: { _, _ in true }) else { return }
            case .described(let describes, let described):
                // A part at a time, so that what is described is held for a part only.
                var partStart = indexed.lowerBound
                while partStart <= indexed.upperBound {
                    let part = partStart...min(indexed.upperBound, partStart - partStart % Self.describedPart + Self.describedPart - 1)
                    partStart = part.upperBound + 1
                    let found = try recording.query { db in
                        try ChangedMembersTable.described(timelineID: segment.timelineID, keys: describes, in: part, db: db)
                    }
                    guard let found else {
                        guard try readEvery(segment.timelineID, part, deliver: body) else { return }
                        continue
                    }
                    guard try readInterleaved(found.whole, found.described, part, segment.timelineID, described: described) else { return }
                }
            }
            // The steps after the index's last, not merged yet, are read in full.
            guard indexed.upperBound < upper else { continue }
            guard try readEvery(segment.timelineID, (indexed.upperBound + 1)...upper, deliver: body) else { return }
        }
    }

    /// Reads the `columns` of the rows of `steps` on one timeline, every one
    /// of them or only `wanted`, in order; false when `body` stopped. A step
    /// missing from the file is a corrupt step.
    private func readRows(
        _ sql: String, columns: [StepColumn], _ timelineID: Int, _ steps: ClosedRange<Int>, wanted: [Int]? = nil,
        deliver body: (StepRow) throws -> Bool
    ) throws -> Bool {
        let statement = try recording.query { db in try db.prepare(sql) }
        var next = 0
        var stop = false
        // Handed `next`, not capturing it: Swift checks a local function's captured variables at run time.
        func expected(after next: Int) -> Int { wanted.map { next < $0.count ? $0[next] : steps.upperBound + 1 } ?? steps.lowerBound + next }
        try recording.query { _ in
            // Steps named by number are looked up one by one; a range is scanned.
            let values: [any SQLiteBindable] = wanted == nil ? [timelineID, steps.lowerBound, steps.upperBound] : [timelineID]
            try statement.readRows(values) { sqliteRow in
                let row = StepRow(row: sqliteRow, columns: columns)
                let expectedStep = expected(after: next)
                guard row.int(.step) == expectedStep else { throw corrupt(expectedStep, "the step is missing") }
                next += 1
                stop = try !body(row)
                return !stop
            }
        }
        if stop { return false }
        guard next == wanted?.count ?? steps.count else { throw corrupt(expected(after: next), "the step is missing") }
        return true
    }

    /// Reads the `columns` of the rows of `steps` (ascending) where they
    /// would be if the timeline's rows followed one another from the
    /// first's row id, as a recorder writes them: one lookup a step instead
    /// of two. A row counts only when it is on this timeline and is the step
    /// expected next; from the first that is not, the steps left are looked
    /// up in the index. False when `body` stopped.
    ///
    /// - Parameter foretellsIDs: Whether row ids are still foretold in this
    ///   segment; set to false once a query found fewer than half its steps
    ///   where foretold, so that a file whose rows are out of order pays for
    ///   one such query, not one a query.
    private func readNamedRows(
        _ steps: [Int], columns: [StepColumn], _ timelineID: Int, foretellsIDs: inout Bool, deliver body: (StepRow) throws -> Bool
    ) throws -> Bool {
        guard let first = steps.first else { return true }
        var delivered = 0
        var stop = false
        let firstID = try foretellsIDs ? recording.query { db in
            try db.cachedStatement("SELECT id FROM steps WHERE timeline_id = ? AND step = ?").firstRow([timelineID, first]) { $0.int(0) }
        } : nil
        // Ids foretold past 2^63 - 1 cannot be: rows that high are not in order.
        if let firstID, let last = steps.last, !firstID.addingReportingOverflow(last - first).overflow {
            let sql = StepsTable.select(columns, rowIDs: steps.map { firstID + ($0 - first) })
            let statement = try recording.query { db in try db.prepare(sql) }
            try recording.query { _ in
                try statement.readRows([timelineID]) { sqliteRow in
                    let row = StepRow(row: sqliteRow, columns: columns)
                    guard row.int(.step) == steps[delivered] else { return false }
                    delivered += 1
                    stop = try !body(row)
                    return !stop && delivered < steps.count
                }
            }
        }
        namedStepReads.byRowID += delivered
        guard !stop else { return false }
        if delivered * 2 < steps.count { foretellsIDs = false }
        let rest = Array(steps[delivered...])
        guard let restFirst = rest.first, let restLast = rest.last else { return true }
        namedStepReads.byIndex += rest.count
        return try readRows(StepsTable.select(columns, steps: rest), columns: columns, timelineID, restFirst...restLast, wanted: rest, deliver: body)
    }

    /// What one segment's changed-members index says of some of its steps.
    private enum IndexReach {
        /// Not indexed as deep as the keys need, or a row is misshapen.
        case unindexed
        /// Indexed, but not as far as these steps yet.
        case uncovered
        /// The steps the index covers, and its bitmap of them for the keys.
        case covered(ClosedRange<Int>, touched: (base: Int, bits: [UInt8]))
    }

    /// What the index of timeline `timelineID` says of `steps` (after 0) for `keys`.
    private func reach(of timelineID: Int, _ steps: ClosedRange<Int>, keys: ChangeIndexKeys) throws -> IndexReach {
        guard let coverage = try recording.indexCoverage(timelineID: timelineID), coverage.depth >= keys.depth else { return .unindexed }
        guard let indexed = coverage.indexed(steps) else { return .uncovered }
        guard let touched = try recording.query({ db in
            try ChangedMembersTable.steps(timelineID: timelineID, members: keys.keys, in: indexed, db: db)
        }) else { return .unindexed }
        return .covered(indexed, touched: touched)
    }

    /// For keys of children, on a timeline whose index keeps their
    /// operations (v7): the keys, and the part of `steps` (after 0) the
    /// index covers; else nil.
    private func describing(_ timelineID: Int, _ steps: ClosedRange<Int>, keys: ChangeIndexKeys) throws -> ([String], ClosedRange<Int>)? {
        guard keys.depth == .children, let coverage = try recording.indexCoverage(timelineID: timelineID),
              coverage.depth >= .operations, let indexed = coverage.indexed(steps) else { return nil }
        return (keys.keys, indexed)
    }

    /// How many steps a walk describes at a time: the steps of 16 rows.
    private static let describedPart = 16 * ChangedMembersTable.stepsPerRow

    /// How many steps of `range` after 0 the index names under one of
    /// `keys` or the root, over the lineage's segments; nil when a segment
    /// is not indexed as deep as the keys need, or has a misshapen row.
    /// A step after the index's last counts as named: it is read.
    func indexedStepCount(range: ClosedRange<Int>, touching keys: ChangeIndexKeys) throws -> Int? {
        var total = 0
        for segment in segments {
            let lower = max(segment.steps.lowerBound, range.lowerBound, 1)
            let upper = min(segment.steps.upperBound, range.upperBound)
            guard lower <= upper else { continue }
            switch try reach(of: segment.timelineID, lower...upper, keys: keys) {
            case .unindexed:
                return nil
            case .uncovered:
                total += (lower...upper).count
            case .covered(let indexed, let touched):
                total += IndexedReads.namedCount(indexed, in: touched) + upper - indexed.upperBound
            }
        }
        return total
    }

    // MARK: Stages

    private func parse(_ bytes: [UInt8], step: Int, seeding: Bool) throws(RecordingError) -> JSONValue {
        do {
            // A keyframe is canonical text: seeding the writer with it lets the
            // hash check copy every subtree the next patches leave shared.
            return seeding ? try writer.parse(bytes) : try JSONParser().parse(bytes)
        } catch {
            throw .unparsableKeyframe(step: step, timeline: timeline.name, error)
        }
    }

    /// Applies one stored patch in place; after an error `state` is partly
    /// patched, which callers discard. `noting` is told the patch's edits:
    /// the next state it measures must be reached by the patches it was
    /// told of since the last.
    private func apply(_ bytes: [UInt8], toInPlace state: inout JSONValue, step: Int, noting hasher: EditedTreeHash?) throws(RecordingError) {
        do {
            let patch = try JSONPatch(text: bytes)
            try patch.apply(inPlace: &state)
            if hashAlgorithm == .tree { hasher?.note(patch) }
        } catch {
            throw .inapplicablePatch(step: step, timeline: timeline.name, error)
        }
    }

    /// The session's hash of the whole state, always; the memos change what
    /// it costs, never what is checked.
    ///
    /// - Parameters:
    ///   - hasher: The tree hasher that measured the state checked last and
    ///     was told every patch applied to it since.
    ///   - sharesLast: Whether `state` was patched from that state. A state
    ///     parsed afresh starts the tree hasher's memo over.
    private func checkHash(
        of state: JSONValue, against stored: String, step: Int, with hasher: EditedTreeHash, sharesLast: Bool = true
    ) throws(RecordingError) {
        let actual: UInt64
        switch hashAlgorithm {
        case .canonicalText:
            actual = StateHash.value(of: writer.write(state))
        case .tree:
            if !sharesLast { hasher.reset() }
            actual = hasher.hash(of: state)
        }
        guard StateHash.spells(actual, stored) else {
            throw corrupt(step, "rebuilt state hash \(StateHash.hex(actual)) differs from the stored \(stored)")
        }
    }

    private func corrupt(_ step: Int, _ reason: String) -> RecordingError {
        .corruptStep(step: step, timeline: timeline.name, reason: reason)
    }
}
