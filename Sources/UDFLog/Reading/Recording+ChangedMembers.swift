import UDFDiff
import UDFJSON
import UDFSQLite

extension Recording {
    /// How deep the changed-members index of timeline `id` goes, and through
    /// which step; nil when not every step is in it: only timelines created
    /// by a v5 or later writer are.
    func indexCoverage(timelineID id: Int) throws(RecordingError) -> ChangeIndexCoverage? {
        guard formatVersion >= RecordingFormat.changedMembersVersion else { return nil }
        let hasWatermark = formatVersion >= RecordingFormat.indexedThroughVersion
        return try query { db in try ChangedMembersTable.coverage(timelineID: id, hasWatermark: hasWatermark, in: db) }
    }

    /// How many steps of `range` on `timeline` the index names under one of
    /// `keys` or the root; nil when a segment's index is not that deep.
    public func indexedStepCount(on timeline: TimelineInfo, range: ClosedRange<Int>, touching keys: ChangeIndexKeys) throws -> Int? {
        try cursor(for: timeline).indexedStepCount(range: range, touching: keys)
    }
}

/// What `verify` checks of an indexed timeline's `changed_members` rows, to
/// the depth the timeline is indexed: a patch step's rows name exactly the
/// keys its operations name; a keyframe's name the root or cover every part
/// whose value differs from the previous state; no other step has rows. On
/// a timeline indexed with operations (v7), the `changed_operations` rows
/// keep exactly each patch step's operations under each child it is
/// indexed under (`ChangedMembersTable.childOperations`), and nothing for
/// any other step. It rides along `verify`'s one walk of the timeline,
/// which has every stored text and state.
struct ChangedMembersAudit {
    /// The timeline's bitmaps, by their first step.
    private var bitmaps: [Int: [(member: String, bits: [UInt8])]] = [:]
    private(set) var problems: [String] = []
    private let limit = 10
    /// A misshapen row: the rest is not checked.
    private var isDamaged = false
    private let depth: ChangeIndexDepth
    /// The last step indexed; nil for every step.
    private let through: Int?
    /// The operations kept, by their row's first step, then child (its
    /// bytes: keys compare by their UTF-8), then the step's offset in the row (v7).
    private var operations: [Int: [[UInt8]: [(offset: Int, start: Int, operations: ArraySlice<UInt8>)]]] = [:]
    /// How many steps' operations are kept, and how many `check` compared:
    /// those it never compared belong to no step indexed under their child.
    private var keptOperations = 0
    private var comparedOperations = 0

    /// Nil when the timeline is not indexed, or stores no step of its own.
    init?(_ timeline: TimelineInfo, in recording: Recording) throws {
        guard timeline.lastStep >= timeline.firstOwnStep, let coverage = try recording.indexCoverage(timelineID: timeline.id) else { return nil }
        depth = coverage.depth
        through = coverage.through
        let (rows, misshapen) = try recording.query { db in try ChangedMembersTable.bitmaps(timelineID: timeline.id, db: db) }
        for row in rows {
            bitmaps[row.firstStep, default: []].append((row.member, row.bits))
        }
        if let misshapen {
            // Readers do not trust such an index; what else disagrees follows from it.
            note(misshapen, "a changed-members row does not start at a multiple of \(ChangedMembersTable.stepsPerRow) steps or does not hold \(ChangedMembersTable.bytesPerRow) bytes")
            isDamaged = true
        }
        guard depth >= .operations, !isDamaged else { return }
        let kept = try recording.query { db in try ChangedMembersTable.operationRows(timelineID: timeline.id, db: db) }
        for (first, member, blob) in kept {
            guard let entries = ChildOperationsBlob.entries(blob) else {
                note(first, "the operations kept under \(member) for the steps from here are misshapen")
                continue
            }
            operations[first, default: [:]][Array(member.utf8)] = entries
            keptOperations += entries.count
        }
    }

    /// What the index holds for the steps of one row, by each step's
    /// offset in it: `check` makes it once a row, where looking each step
    /// up in the bitmaps and the kept operations cost `verify` a fifth of
    /// its walk. Each list is one array, cut at `starts`.
    private struct RowView {
        var first = -1
        /// The keys each step is indexed under, in order, to the
        /// timeline's depth (a v5 timeline a later writer added to may have
        /// deeper rows, which no reader of it trusts), each with whether it
        /// is a child, whose operations may be kept.
        var named: [(key: String, isChild: Bool)] = []
        var namedStarts: [Int] = []
        /// The operations kept for each step, by child (its UTF-8 bytes).
        var kept: [(child: [UInt8], operations: ArraySlice<UInt8>)] = []
        var keptStarts: [Int] = []

        func named(at offset: Int) -> ArraySlice<(key: String, isChild: Bool)> {
            named[namedStarts[offset]..<namedStarts[offset + 1]]
        }

        func kept(at offset: Int) -> ArraySlice<(child: [UInt8], operations: ArraySlice<UInt8>)> {
            kept[keptStarts[offset]..<keptStarts[offset + 1]]
        }
    }

    private var row = RowView()

    /// Makes `row` the row of `step`, unless it is already.
    private mutating func enterRow(of step: Int) {
        let first = step - step % ChangedMembersTable.stepsPerRow
        if row.first != first { row = view(ofRowAt: first) }
    }

    /// The row whose first step is `first`.
    private func view(ofRowAt first: Int) -> RowView {
        let members = (bitmaps[first] ?? []).filter { depth != .members || ChangedMembersTable.isMemberOrRoot($0.member) }
        let (named, namedStarts) = Self.byOffset(filler: (key: "", isChild: false)) { place in
            for (member, bits) in members {
                let isChild = ChangedMembersTable.isChild(member)
                ChangedMembersTable.forEachStep(inRowAt: 0, bits) { place($0, (member, isChild)) }
            }
        }
        let children = operations[first] ?? [:]
        let (kept, keptStarts) = Self.byOffset(filler: (child: [UInt8](), operations: ArraySlice<UInt8>())) { place in
            for (child, entries) in children {
                for entry in entries { place(entry.offset, (child, entry.operations)) }
            }
        }
        return RowView(first: first, named: named, namedStarts: namedStarts, kept: kept, keptStarts: keptStarts)
    }

    /// The entries `visit` places, in order of offset, each offset's in the
    /// order placed, and where each offset of a row starts among them (and,
    /// last, their end). `visit` runs twice, placing the same entries: once
    /// to count each offset's, once to lay them out, so no list of
    /// (offset, entry) pairs is made and sorted.
    private static func byOffset<Entry>(filler: Entry, _ visit: ((Int, Entry) -> Void) -> Void) -> (entries: [Entry], starts: [Int]) {
        var starts = [Int](repeating: 0, count: ChangedMembersTable.stepsPerRow + 1)
        visit { offset, _ in starts[offset + 1] += 1 }
        for offset in 0..<ChangedMembersTable.stepsPerRow { starts[offset + 1] += starts[offset] }
        var next = starts
        // Every place is written once below: the places are a permutation.
        var ordered = [Entry](repeating: filler, count: starts[ChangedMembersTable.stepsPerRow])
        visit { offset, entry in
            ordered[next[offset]] = entry
            next[offset] += 1
        }
        return (ordered, starts)
    }

    private mutating func note(_ step: Int, _ problem: String) {
        if problems.count < limit { problems.append("step \(step): \(problem)") }
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
        // Steps after the index's last are read in full; `finish` checks they have no rows.
        guard step <= through ?? step else { return }
        let offset = step % ChangedMembersTable.stepsPerRow
        enterRow(of: step)
        let indexed = row.named(at: offset)
        let kept = row.kept(at: offset)
        switch stored {
        case .patch(let text):
            // The keys and the operations, as the writer makes them.
            let entry = ChangedMembersTable.entry(ofPatchText: text)
            let keys = entry.keys
            let written = depth == .members ? ChangedMembersTable.members(in: keys) : keys
            let agree = indexed.count == written.count
                && written.allSatisfy { key in indexed.contains { $0.key.hasSameScalars(as: key) } }
            if !agree {
                note(step, "the changed-members index names \(Self.listed(indexed.map(\.key))), but the patch writes under \(Self.listed(written))")
            }
            if depth >= .operations { checkOperations(step: step, indexed: indexed, kept: kept, expected: entry.childOperations, isPatch: true) }
        case .keyframe:
            if depth >= .operations { checkOperations(step: step, indexed: indexed, kept: kept, expected: [], isPatch: false) }
            guard let previous else {
                if !indexed.isEmpty { note(step, "the changed-members index names step 0, which has no previous state") }
                return
            }
            checkKeyframe(step: step, named: indexed.map(\.key), previous: previous, state: state)
        }
    }

    /// The operations kept for `step` under each child it is indexed
    /// under against those its patch gives (none for a keyframe).
    private mutating func checkOperations(
        step: Int, indexed: ArraySlice<(key: String, isChild: Bool)>, kept: ArraySlice<(child: [UInt8], operations: ArraySlice<UInt8>)>,
        expected: [(key: String, operations: [UInt8])], isPatch: Bool
    ) {
        for (child, isChild) in indexed where isChild {
            let stored = kept.first { $0.child.elementsEqual(child.utf8) }?.operations
            if stored != nil { comparedOperations += 1 }
            let wanted = expected.first { $0.key.hasSameScalars(as: child) }?.operations
            guard !Self.same(stored, wanted) else { continue }
            switch (stored, wanted) {
            case (nil, _?):
                note(step, "the changed-members index keeps no operations under \(child), but the patch writes there")
            case (_?, nil):
                note(step, "the changed-members index keeps operations under \(child) for a step whose \(isPatch ? "patch" : "keyframe") it cannot describe there")
            default:
                note(step, "the operations the changed-members index keeps under \(child) are not the patch's")
            }
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
        stretch.comparedOperations = 0
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
        comparedOperations += stretch.comparedOperations
    }

    /// After the walk: bits for a step the timeline does not store.
    mutating func finish() {
        guard !isDamaged, let seen, let last else { return }
        let indexedLast = min(last, through ?? last)
        var stray: Int?
        for (first, rows) in bitmaps where first < seen || first + ChangedMembersTable.stepsPerRow - 1 > indexedLast {
            for (_, bits) in rows {
                for step in ChangedMembersTable.steps(inRowAt: first, bits) where step < seen || step > indexedLast {
                    stray = min(stray ?? step, step)
                }
            }
        }
        if comparedOperations < keptOperations, problems.isEmpty {
            note(strayOperations(seen: seen, through: indexedLast), "the changed-members index keeps operations for a step it does not index under their child")
        }
        if let stray {
            if stray > indexedLast, stray <= last {
                note(stray, "the changed-members index names a step after the last it indexes (\(indexedLast))")
            } else {
                note(stray, "the changed-members index names a step the timeline does not store")
            }
        }
    }

    /// Whether kept and wanted operations are both absent, or the same bytes.
    private static func same(_ stored: ArraySlice<UInt8>?, _ wanted: [UInt8]?) -> Bool {
        switch (stored, wanted) {
        case (nil, nil): true
        case (let stored?, let wanted?): stored.elementsEqual(wanted)
        default: false
        }
    }

    /// The first step whose kept operations `check` did not compare:
    /// outside the steps walked, or under a child the step is not indexed under.
    private func strayOperations(seen: Int, through: Int) -> Int {
        var stray = Int.max
        for (first, children) in operations {
            let view = view(ofRowAt: first)
            for (child, entries) in children {
                for entry in entries {
                    let step = first + entry.offset
                    if step < seen || step > through || !view.named(at: entry.offset).contains(where: { $0.key.utf8.elementsEqual(child) }) {
                        stray = min(stray, step)
                    }
                }
            }
        }
        return stray == Int.max ? seen : stray
    }

    private mutating func checkKeyframe(step: Int, named: [String], previous: JSONValue, state: JSONValue) {
        guard !ChangedMembersTable.contains(named, "") else { return }
        guard case .object(let before) = previous, case .object(let after) = state else {
            note(step, "the state is not an object on both sides of it, but the changed-members index does not name the whole state")
            return
        }
        let missing = Self.differing(before, after, depth: depth).filter { !$0.contains { ChangedMembersTable.contains(named, $0) } }.map { $0[0] }
        if !missing.isEmpty {
            note(step, "the keyframe changes \(Self.listed(missing)), which the changed-members index does not name")
        }
    }

    /// The keys an index of `depth` must name for a step from `before` to
    /// `after`, each with the keys that stand for it: each member whose
    /// value differs; at `.children`, also `/m/-` for a member added,
    /// removed, of another kind, or whose children were added or removed,
    /// else each child that differs, or `/m/-`, which stands for them all.
    static func differing(_ before: [String: JSONValue], _ after: [String: JSONValue], depth: ChangeIndexDepth) -> [[String]] {
        var keys: [[String]] = []
        var members = Array(before.keys)
        members += after.keys.filter { before.value(exactlyAt: $0) == nil }
        for key in members {
            let old = before.value(exactlyAt: key)
            let new = after.value(exactlyAt: key)
            guard old != new else { continue }
            keys.append([ChangedMembersTable.member(key)])
            guard depth >= .children else { continue }
            let reshaped = ChangedMembersTable.reshaped(key)
            switch (old, new) {
            case (.object(let oldChildren)?, .object(let newChildren)?)
                where oldChildren.count == newChildren.count && oldChildren.keys.allSatisfy({ newChildren.value(exactlyAt: $0) != nil }):
                for (child, value) in oldChildren where newChildren.value(exactlyAt: child) != value {
                    keys.append([JSONPointer(tokens: [key, child]).description, reshaped])
                }
            case (.array(let oldElements)?, .array(let newElements)?) where oldElements.count == newElements.count:
                for index in oldElements.indices where oldElements[index] != newElements[index] {
                    keys.append([JSONPointer(tokens: [key, String(index)]).description, reshaped])
                }
            default:
                keys.append([reshaped])
            }
        }
        return keys
    }
}
