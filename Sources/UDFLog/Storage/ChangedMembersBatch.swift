import UDFSQLite

/// The `changed_members` bits of the steps one transaction writes, gathered
/// and merged into the table once at its end: a row per member and stretch
/// of 1,024 steps, not one per step. On a timeline indexed with operations
/// (format v7), a child's row also gathers its steps' operations under it.
struct ChangedMembersBatch {
    private struct Key: Hashable {
        let timelineID: Int
        let member: [UInt8]
        let firstStep: Int
    }

    private var bits: [Key: [UInt8]] = [:]
    /// Entries of `ChildOperationsBlob`, and the offset of the first, by row.
    private var operations: [Key: (first: Int, blob: [UInt8])] = [:]

    /// Notes that `step` of timeline `timelineID` is indexed under
    /// `members`, and that its operations under each child of
    /// `childOperations` are those (`ChildOperationsBlob`'s form).
    mutating func add(step: Int, members: [String], childOperations: [(key: String, operations: [UInt8])] = [], timelineID: Int) {
        let first = step - step % ChangedMembersTable.stepsPerRow
        let offset = step - first
        for member in members {
            // Keyed by bytes: members compare by their UTF-8, not by canonical equivalence.
            let key = Key(timelineID: timelineID, member: Array(member.utf8), firstStep: first)
            bits[key, default: [UInt8](repeating: 0, count: ChangedMembersTable.bytesPerRow)][offset / 8] |= 1 << (offset % 8)
        }
        for (child, described) in childOperations {
            let key = Key(timelineID: timelineID, member: Array(child.utf8), firstStep: first)
            ChildOperationsBlob.append(offset: offset, operations: described, to: &operations[key, default: (offset, [])].blob)
        }
    }

    /// Merges the gathered bits into the rows already stored, and appends
    /// the gathered operations to theirs, in place of any stored for the
    /// same steps or later.
    func merge(into db: Database) throws {
        let read = try db.cachedStatement("SELECT steps FROM changed_members WHERE timeline_id = ? AND member = ? AND first_step = ?")
        let write = try db.cachedStatement(
            "INSERT OR REPLACE INTO changed_members (timeline_id, member, first_step, steps) VALUES (?, ?, ?, ?)"
        )
        for (key, added) in bits {
            let member = String(decoding: key.member, as: UTF8.self)
            var merged = added
            if let stored = try read.firstRow([key.timelineID, member, key.firstStep], { $0.bytes(0) }) ?? nil {
                for (index, byte) in stored.prefix(merged.count).enumerated() { merged[index] |= byte }
            }
            try write.execute([key.timelineID, member, key.firstStep, SQLiteValue.blob(merged)])
        }
        guard !operations.isEmpty else { return }
        let readOperations = try db.cachedStatement(
            "SELECT operations FROM changed_operations WHERE timeline_id = ? AND member = ? AND first_step = ?"
        )
        let writeOperations = try db.cachedStatement(
            "INSERT OR REPLACE INTO changed_operations (timeline_id, member, first_step, operations) VALUES (?, ?, ?, ?)"
        )
        for (key, (first, blob)) in operations {
            let member = String(decoding: key.member, as: UTF8.self)
            let stored = try readOperations.firstRow([key.timelineID, member, key.firstStep], { $0.bytes(0) }) ?? nil
            // A misshapen blob is left to `verify`; the new entries start afresh.
            let kept = stored.flatMap { ChildOperationsBlob.prefix($0, before: first) } ?? []
            try writeOperations.execute([key.timelineID, member, key.firstStep, SQLiteValue.blob(kept + blob)])
        }
    }
}
