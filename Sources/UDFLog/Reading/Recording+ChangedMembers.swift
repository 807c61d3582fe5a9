import UDFSQLite

extension Recording {
    /// Whether the timeline `id` has every patch step in the changed-members
    /// index: only timelines created by a v5 writer do.
    func isIndexed(timelineID id: Int) throws(RecordingError) -> Bool {
        guard formatVersion >= RecordingFormat.changedMembersVersion else { return false }
        return try query { db in try ChangedMembersTable.isIndexed(timelineID: id, in: db) }
    }

    /// Where the changed-members index of `timeline`'s own steps disagrees
    /// with its patches: a patch step whose rows name other members than its
    /// operations do, or rows for a step that stores no patch. Empty for a
    /// timeline that is not indexed. At most `limit` problems.
    func changedMembersProblems(of timeline: TimelineInfo, limit: Int = 10) throws -> [String] {
        guard timeline.lastStep >= timeline.firstOwnStep, try isIndexed(timelineID: timeline.id) else { return [] }
        var indexSteps: [Int] = []
        var indexMembers: [String] = []
        try query { db in
            try db.prepare("SELECT step, member FROM changed_members WHERE timeline_id = ? ORDER BY step")
                .forEachRow([timeline.id]) { row in
                    indexSteps.append(row.int(0))
                    indexMembers.append(row.text(1))
                }
        }
        var problems: [String] = []
        func note(_ step: Int, _ problem: String) {
            if problems.count < limit { problems.append("step \(step): \(problem)") }
        }
        var next = 0
        func members(at step: Int) -> [String] {
            while next < indexSteps.count, indexSteps[next] < step {
                note(indexSteps[next], "the changed-members index has a row, but the step stores no patch")
                next += 1
            }
            var found: [String] = []
            while next < indexSteps.count, indexSteps[next] == step {
                found.append(indexMembers[next])
                next += 1
            }
            return found
        }
        let own = timeline.firstOwnStep...timeline.lastStep
        try cursor(for: timeline).walkRows(range: own, columns: [.step, .patch]) { row in
            guard let patch = row.bytes(.patch) else { return true }
            let step = row.int(.step)
            let indexed = members(at: step)
            let written = ChangedMembersTable.members(ofPatchText: patch)
            let agree = indexed.count == written.count
                && written.allSatisfy { member in indexed.contains { $0.utf8.elementsEqual(member.utf8) } }
            if !agree {
                note(step, "the changed-members index names \(Self.listed(indexed)), but the patch writes under \(Self.listed(written))")
            }
            return true
        }
        if next < indexSteps.count {
            note(indexSteps[next], "the changed-members index has a row, but the step stores no patch")
        }
        return problems
    }

    private static func listed(_ members: [String]) -> String {
        members.isEmpty ? "nothing" : members.map { $0.isEmpty ? "the whole state" : $0 }.sorted().joined(separator: ", ")
    }
}
