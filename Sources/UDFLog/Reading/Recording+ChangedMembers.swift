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
/// from the previous state; no other step has rows. It rides along
/// `verify`'s one walk of the timeline, which has every stored text and state.
struct ChangedMembersAudit {
    /// The timeline's bitmaps, by their first step.
    private var bitmaps: [Int: [(member: String, bits: [UInt8])]] = [:]
    private(set) var problems: [String] = []
    private let limit = 10
    /// A misshapen row: the rest is not checked.
    private var isDamaged = false

    /// Nil when the timeline is not indexed, or stores no step of its own.
    init?(_ timeline: TimelineInfo, in recording: Recording) throws {
        guard timeline.lastStep >= timeline.firstOwnStep, try recording.isIndexed(timelineID: timeline.id) else { return nil }
        let (rows, misshapen) = try recording.query { db in try ChangedMembersTable.bitmaps(timelineID: timeline.id, db: db) }
        for row in rows {
            bitmaps[row.firstStep, default: []].append((row.member, row.bits))
        }
        if let misshapen {
            // Readers do not trust such an index; what else disagrees follows from it.
            note(misshapen, "a changed-members row does not start at a multiple of \(ChangedMembersTable.stepsPerRow) steps or does not hold \(ChangedMembersTable.bytesPerRow) bytes")
            isDamaged = true
        }
    }

    /// The members `step` is indexed under.
    private func named(at step: Int) -> [String] {
        let offset = step % ChangedMembersTable.stepsPerRow
        return (bitmaps[step - offset] ?? []).filter { $0.bits[offset / 8] & (1 << (offset % 8)) != 0 }.map(\.member)
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

    /// Checks one step of the timeline's own, as `verify` walks it: a patch
    /// against its text, a keyframe against the state before it (nil for
    /// the first step of `main`).
    mutating func check(step: Int, stored: StoredStateText, previous: JSONValue?, state: JSONValue) {
        guard !isDamaged else { return }
        seen = seen.map { min($0, step) } ?? step
        last = max(last ?? step, step)
        let named = named(at: step)
        switch stored {
        case .patch(let text):
            let written = ChangedMembersTable.members(ofPatchText: text)
            let agree = named.count == written.count && written.allSatisfy { Self.contains(named, $0) }
            if !agree {
                note(step, "the changed-members index names \(Self.listed(named)), but the patch writes under \(Self.listed(written))")
            }
        case .keyframe:
            guard let previous else {
                if !named.isEmpty { note(step, "the changed-members index names step 0, which has no previous state") }
                return
            }
            checkKeyframe(step: step, named: named, previous: previous, state: state)
        }
    }

    /// The first and last steps `check` saw.
    private var seen: Int?
    private var last: Int?

    /// An audit of the same index for one stretch of the walk, on another
    /// thread: it shares the bitmaps and starts with no problem of its own.
    func forStretch() -> ChangedMembersAudit {
        var stretch = self
        stretch.problems = []
        stretch.seen = nil
        stretch.last = nil
        return stretch
    }

    /// Takes in what an audit `forStretch()` found on the next stretch, as
    /// if this audit had walked it.
    mutating func absorb(_ stretch: ChangedMembersAudit) {
        for problem in stretch.problems where problems.count < limit {
            problems.append(problem)
        }
        if let first = stretch.seen { seen = min(seen ?? first, first) }
        if let end = stretch.last { last = max(last ?? end, end) }
    }

    /// After the walk: bits for a step the timeline does not store.
    mutating func finish() {
        guard !isDamaged, let seen, let last else { return }
        var stray: Int?
        for (first, rows) in bitmaps where first < seen || first + ChangedMembersTable.stepsPerRow - 1 > last {
            for (_, bits) in rows {
                for step in ChangedMembersTable.steps(inRowAt: first, bits) where step < seen || step > last {
                    stray = min(stray ?? step, step)
                }
            }
        }
        if let stray {
            note(stray, "the changed-members index names a step the timeline does not store")
        }
    }

    private mutating func checkKeyframe(step: Int, named: [String], previous: JSONValue, state: JSONValue) {
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
}
