import UDFJSON
import UDFSQLite

extension Recording {
    /// Whether the timeline `id` has every step in the changed-members
    /// index: only timelines created by a v5 writer do.
    func isIndexed(timelineID id: Int) throws(RecordingError) -> Bool {
        guard formatVersion >= RecordingFormat.changedMembersVersion else { return false }
        return try query { db in try ChangedMembersTable.isIndexed(timelineID: id, in: db) }
    }
}

/// What `verify` checks of an indexed timeline's `changed_members` rows:
/// a patch step's rows name exactly the members its operations name; a
/// keyframe's name the root or at least every member whose value differs
/// from the previous state; no other step has rows.
struct ChangedMembersAudit {
    private let timeline: TimelineInfo
    /// The rows of the timeline, ordered by step.
    private var steps: [Int] = []
    private var members: [String] = []
    private(set) var problems: [String] = []
    private let limit = 10
    /// A misshapen row: the rest is not checked.
    private var isDamaged = false

    /// Nil when the timeline is not indexed, or stores no step of its own.
    init?(_ timeline: TimelineInfo, in recording: Recording) throws {
        guard timeline.lastStep >= timeline.firstOwnStep, try recording.isIndexed(timelineID: timeline.id) else { return nil }
        self.timeline = timeline
        let (rows, misshapen) = try recording.query { db in
            (try ChangedMembersTable.rows(timelineID: timeline.id, db: db),
             try ChangedMembersTable.misshapenRow(timelineID: timeline.id, db: db))
        }
        steps = rows.map(\.step)
        members = rows.map(\.member)
        if let misshapen {
            // Readers do not trust such an index; what else disagrees follows from it.
            note(misshapen, "a changed-members row does not start at a multiple of \(ChangedMembersTable.stepsPerRow) steps or does not hold \(ChangedMembersTable.bytesPerRow) bytes")
            isDamaged = true
        }
    }

    /// The rows of `step`.
    private func named(at step: Int) -> [String] {
        var low = 0
        var high = steps.count
        while low < high {
            let middle = (low + high) / 2
            if steps[middle] < step { low = middle + 1 } else { high = middle }
        }
        var found: [String] = []
        while low < steps.count, steps[low] == step {
            found.append(members[low])
            low += 1
        }
        return found
    }

    private mutating func note(_ step: Int, _ problem: String) {
        if problems.count < limit { problems.append("step \(step): \(problem)") }
    }

    private static func contains(_ members: [String], _ member: String) -> Bool {
        members.contains { $0.utf8.elementsEqual(member.utf8) }
    }

    private static func listed(_ members: [String]) -> String {
        members.isEmpty ? "nothing" : members.map { $0.isEmpty ? "the whole state" : $0 }.sorted().joined(separator: ", ")
    }

    /// Checks a keyframe step against the state before it.
    mutating func checkKeyframe(step: Int, previous: JSONValue, state: JSONValue) {
        guard !isDamaged else { return }
        let named = named(at: step)
        guard !Self.contains(named, "") else { return }
        guard case .object(let before) = previous, case .object(let after) = state else {
            note(step, "the state is not an object on both sides of it, but the changed-members index does not name the whole state")
            return
        }
        var differing: [String] = []
        for (key, value) in before where after.value(exactlyAt: key) != value {
            differing.append(ChangedMembersTable.member(key))
        }
        for key in after.keys where before.value(exactlyAt: key) == nil {
            differing.append(ChangedMembersTable.member(key))
        }
        let missing = differing.filter { !Self.contains(named, $0) }
        if !missing.isEmpty {
            note(step, "the keyframe changes \(Self.listed(missing)), which the changed-members index does not name")
        }
    }

    /// Checks every patch step against its text, and that no step outside
    /// the patches and keyframes has rows.
    mutating func checkPatches(in recording: Recording) throws {
        guard !isDamaged else { return }
        let own = timeline.firstOwnStep...timeline.lastStep
        try recording.cursor(for: timeline).walkRows(range: own, columns: [.step, .patch]) { row in
            let step = row.int(.step)
            guard let patch = row.bytes(.patch) else {
                if step == 0, !named(at: 0).isEmpty {
                    note(0, "the changed-members index names step 0, which has no previous state")
                }
                return true
            }
            let indexed = named(at: step)
            let written = ChangedMembersTable.members(ofPatchText: patch)
            let agree = indexed.count == written.count && written.allSatisfy { Self.contains(indexed, $0) }
            if !agree {
                note(step, "the changed-members index names \(Self.listed(indexed)), but the patch writes under \(Self.listed(written))")
            }
            return true
        }
        if let stray = steps.first(where: { !own.contains($0) }) {
            note(stray, "the changed-members index names a step the timeline does not store")
        }
    }
}
