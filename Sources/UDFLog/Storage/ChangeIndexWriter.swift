import UDFSQLite

/// Gathers the `changed_members` keys of the steps a writer stores and
/// merges them into the table, then moves the timeline's
/// `indexed_through` up to the last step merged.
///
/// A one-off copy writes its steps in order in one transaction, so a
/// stretch of 1,024 is complete once a step of a later one comes: it is
/// merged then, and the last at the end, so a copy of a million steps
/// holds one stretch's keys and operations, not all of them. A writer that
/// appends batch after batch (`lazily`) merges once the steps pending reach
/// into a new stretch, and when it closes: a member's child that changes
/// now and then would otherwise rewrite its row in every batch.
/// Readers read the steps after `indexed_through` in full, so a crash loses
/// no answer, only the index of the last stretch.
final class ChangeIndexWriter {
    private struct Pending {
        var batch = ChangedMembersBatch()
        /// The lowest and highest step pending, by timeline.
        var steps: [Int: ClosedRange<Int>] = [:]
        /// Timelines this writer has met, and whether it may move their
        /// `indexed_through`: only when its steps follow the indexed ones.
        var advancing: [Int: Bool] = [:]
        /// Timelines whose index holds their steps' operations (v7).
        var describing: Set<Int> = []
    }

    private var pending = Pending()
    private let isLazy: Bool
    /// After a transaction that rolled back: what is pending mixes in steps
    /// that were not stored, so nothing more is indexed.
    private var isStopped = false

    init(lazily: Bool) {
        isLazy = lazily
    }

    /// Drops what is pending and indexes nothing more, after a transaction
    /// of this writer's rolled back. The steps after `indexed_through` stay
    /// unindexed, and readers read them in full.
    func stop() {
        isStopped = true
        pending = Pending()
    }

    /// Notes that `step` of timeline `timelineID`, stored in this
    /// transaction, is indexed under `keys`, and made `childOperations`
    /// (`ScannedPatch`), which a v7 timeline's index keeps.
    func add(step: Int, keys: [String], childOperations: [(key: String, operations: [UInt8])], timelineID: Int, db: Database) throws {
        guard !isStopped else { return }
        if pending.advancing[timelineID] == nil {
            let depth = try Self.start(timelineID: timelineID, before: step, db: db)
            pending.advancing[timelineID] = depth != nil
            if let depth, depth >= .operations { pending.describing.insert(timelineID) }
        }
        guard pending.advancing[timelineID] == true else { return }
        if !isLazy, let known = pending.steps[timelineID],
           step / ChangedMembersTable.stepsPerRow != known.upperBound / ChangedMembersTable.stepsPerRow {
            try merge(into: db)
        }
        let described = pending.describing.contains(timelineID) ? childOperations : []
        pending.batch.add(step: step, members: keys, childOperations: described, timelineID: timelineID)
        let known = pending.steps[timelineID]
        pending.steps[timelineID] = min(known?.lowerBound ?? step, step)...max(known?.upperBound ?? step, step)
    }

    /// The depth of the timeline's index when a writer whose first step on
    /// it is `step` may move its `indexed_through`: when every step before
    /// it is indexed; else nil. It writes the implied value (null on an
    /// indexed timeline means every step) so that a crash before the first
    /// merge leaves the new steps out.
    private static func start(timelineID: Int, before step: Int, db: Database) throws -> ChangeIndexDepth? {
        // A writer has migrated the file, so the column is there.
        guard let coverage = try ChangedMembersTable.coverage(timelineID: timelineID, hasWatermark: true, in: db) else { return nil }
        guard coverage.through == nil || coverage.through == step - 1 else { return nil }
        try db.prepare("UPDATE timelines SET indexed_through = ? WHERE id = ?").execute([step - 1, timelineID])
        return coverage.depth
    }

    /// At the end of a transaction's rows: merges when not lazy, or when
    /// the steps pending reach into a second stretch.
    func endOfTransaction(_ db: Database) throws {
        let spansStretches = pending.steps.values.contains {
            $0.lowerBound / ChangedMembersTable.stepsPerRow != $0.upperBound / ChangedMembersTable.stepsPerRow
        }
        if !isLazy || spansStretches { try merge(into: db) }
    }

    /// Merges every key pending and moves `indexed_through` to the last step merged.
    func merge(into db: Database) throws {
        guard !pending.steps.isEmpty else { return }
        try pending.batch.merge(into: db)
        let update = try db.cachedStatement("UPDATE timelines SET indexed_through = ? WHERE id = ?")
        for (timelineID, steps) in pending.steps {
            try update.execute([steps.upperBound, timelineID])
        }
        pending.batch = ChangedMembersBatch()
        pending.steps = [:]
    }
}
