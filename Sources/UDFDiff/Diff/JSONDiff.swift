import Foundation
import UDFJSON

/// Computes the structural difference between two JSON values.
///
/// For example:
/// ```swift
/// if let node = JSONDiff.diff(before, after) {
///     print(TreeDiffRenderer().render(node))
/// }
/// ```
///
/// Objects are compared key by key. Arrays whose elements are all objects
/// with a unique `id` are matched by `id`, so moves and edits read as such;
/// other arrays use a Myers difference. Numbers compare by their text, so a
/// patch made from the diff reproduces the target exactly.
public enum JSONDiff {
    /// The difference from `a` to `b`, or nil when they are equal.
    ///
    /// Containers that share storage are equal without a look inside, so
    /// two states rebuilt from one another cost time in what changed.
    public static func diff(_ a: JSONValue, _ b: JSONValue) -> DiffNode? {
        switch (a, b) {
        case (.object(let old), .object(let new)):
            if a.isIdentical(to: b) { return nil }
            // No `==` first: it would walk the equal part once more before the diff walks it.
            let changes = diffObjects(old, new)
            return changes.entries.contains(where: \.isChange) ? .object(changes) : nil
        case (.array(let old), .array(let new)):
            if a.isIdentical(to: b) { return nil }
            // Equal ends first, by bits and then by value, so that only the
            // differing middle is indexed by id or tokenized.
            let ends = CommonEnds(old, new)
            if ends.prefix == old.count, old.count == new.count { return nil }
            if let pair = IdentifiedPair(old, new, ends: ends) {
                return .array(diffByIdentity(pair))
            }
            return .array(diffBySequence(old, new, ends: ends))
        default:
            if a == b { return nil }
            if case (.string(let old), .string(let new)) = (a, b), old.contains("\n") || new.contains("\n") {
                return .text(diffLines(old, new))
            }
            return .replaced(old: a, new: b)
        }
    }

    private static func diffObjects(_ old: [String: JSONValue], _ new: [String: JSONValue]) -> ObjectDiff {
        // By scalars: a key respelled in another normalization is one key
        // removed and another added, as in the canonical text.
        let keys = old.keysByScalars(unitedWith: new)
        var entries: [ObjectDiff.Entry] = []
        entries.reserveCapacity(keys.count)
        for key in keys {
            switch (old.value(exactlyAt: key), new.value(exactlyAt: key)) {
            case (let oldValue?, let newValue?):
                if let child = diff(oldValue, newValue) {
                    entries.append(.changed(key: key, diff: child))
                } else {
                    entries.append(.unchanged(key: key, value: newValue))
                }
            case (let oldValue?, nil):
                entries.append(.removed(key: key, value: oldValue))
            case (nil, let newValue?):
                entries.append(.added(key: key, value: newValue))
            case (nil, nil):
                break
            }
        }
        return ObjectDiff(entries: entries)
    }

    private static func diffBySequence(_ old: [JSONValue], _ new: [JSONValue], ends: CommonEnds) -> ArrayDiff {
        var tokens: [JSONValue: Int] = [:]
        func token(_ value: JSONValue) -> Int {
            if let existing = tokens[value] { return existing }
            let fresh = tokens.count
            tokens[value] = fresh
            return fresh
        }
        // Tokens hash whole elements, of the middle only.
        let middle = MyersDiff.edits(
            from: old[ends.prefix..<(old.count - ends.suffix)].map(token),
            to: new[ends.prefix..<(new.count - ends.suffix)].map(token)
        )
        var builder = EntryBuilder(new: new)
        // The equal ends go in as one run each, so a log that grows by one
        // element costs the middle, not an entry per element.
        if ends.prefix > 0 {
            builder.appendUnchangedRun(oldIndex: 0, newIndex: 0, count: ends.prefix)
        }
        var pendingRemoved: [Int] = []
        var pendingInserted: [Int] = []
        func flushChangeBlock() {
            builder.appendChangeBlock(removed: pendingRemoved, inserted: pendingInserted, old: old, new: new)
            pendingRemoved.removeAll()
            pendingInserted.removeAll()
        }
        for edit in middle {
            switch edit {
            case .equal(let oldIndex, let newIndex):
                flushChangeBlock()
                builder.appendUnchanged(oldIndex: oldIndex + ends.prefix, newIndex: newIndex + ends.prefix)
            case .delete(let oldIndex):
                pendingRemoved.append(oldIndex + ends.prefix)
            case .insert(let newIndex):
                pendingInserted.append(newIndex + ends.prefix)
            }
        }
        flushChangeBlock()
        if ends.suffix > 0 {
            builder.appendUnchangedRun(oldIndex: old.count - ends.suffix, newIndex: new.count - ends.suffix, count: ends.suffix)
        }
        return ArrayDiff(matching: .sequence, entries: builder.entries, oldCount: old.count, newCount: new.count)
    }

    private static func diffByIdentity(_ pair: IdentifiedPair) -> ArrayDiff {
        // The stable elements are a longest common subsequence of the ids both
        // arrays share; every other shared id has moved.
        // Equal elements at both ends keep their places (ids are unique, so
        // none of theirs occurs in the middle); only the middle is matched.
        let old = pair.old
        let new = pair.new
        let prefix = pair.ends.prefix
        let oldEnd = old.count - pair.ends.suffix
        let newEnd = new.count - pair.ends.suffix
        var tokens: [JSONValue: Int] = [:]
        for id in pair.oldIDs where pair.newIndexByID[id] != nil { tokens[id] = tokens.count }
        let oldShared = pair.oldIDs.compactMap { tokens[$0] }
        let newShared = pair.newIDs.compactMap { tokens[$0] }
        var stable = Set<Int>()
        for case .equal(let oldPosition, _) in MyersDiff.edits(from: oldShared, to: newShared) {
            stable.insert(oldShared[oldPosition])
        }

        var builder = EntryBuilder(new: new)
        if prefix > 0 {
            builder.appendUnchangedRun(oldIndex: 0, newIndex: 0, count: prefix)
        }
        var oldCursor = prefix
        func flushRemoved(upTo end: Int) {
            while oldCursor < end {
                let id = pair.oldIDs[oldCursor - prefix]
                if pair.newIndexByID[id] == nil {
                    builder.entries.append(.removed(oldIndex: oldCursor, id: id, value: old[oldCursor]))
                }
                oldCursor += 1
            }
        }
        for newIndex in prefix..<newEnd {
            let id = pair.newIDs[newIndex - prefix]
            let newValue = new[newIndex]
            guard let oldIndex = pair.oldIndexByID[id], let token = tokens[id] else {
                builder.entries.append(.inserted(newIndex: newIndex, id: id, value: newValue))
                continue
            }
            let child = diff(old[oldIndex], newValue)
            if stable.contains(token) {
                flushRemoved(upTo: oldIndex)
                oldCursor = oldIndex + 1
                if let child {
                    builder.entries.append(.changed(oldIndex: oldIndex, newIndex: newIndex, id: id, diff: child))
                } else {
                    builder.appendUnchanged(oldIndex: oldIndex, newIndex: newIndex)
                }
            } else {
                builder.entries.append(.moved(oldIndex: oldIndex, newIndex: newIndex, id: id, diff: child))
            }
        }
        flushRemoved(upTo: oldEnd)
        if pair.ends.suffix > 0 {
            builder.appendUnchangedRun(oldIndex: oldEnd, newIndex: newEnd, count: pair.ends.suffix)
        }
        return ArrayDiff(matching: .identity, entries: builder.entries, oldCount: old.count, newCount: new.count)
    }

    private static func diffLines(_ old: String, _ new: String) -> TextDiff {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var tokens: [String: Int] = [:]
        func token(_ line: String) -> Int {
            if let existing = tokens[line] { return existing }
            let fresh = tokens.count
            tokens[line] = fresh
            return fresh
        }
        var lines: [TextDiff.Line] = []
        var pendingInserted: [TextDiff.Line] = []
        for edit in MyersDiff.edits(from: oldLines.map(token), to: newLines.map(token)) {
            switch edit {
            case .equal(_, let newIndex):
                lines += pendingInserted
                pendingInserted.removeAll()
                lines.append(.unchanged(newLines[newIndex]))
            case .delete(let oldIndex):
                lines.append(.removed(oldLines[oldIndex]))
            case .insert(let newIndex):
                // Removed lines of a block print before its inserted lines.
                pendingInserted.append(.inserted(newLines[newIndex]))
            }
        }
        lines += pendingInserted
        return TextDiff(old: old, new: new, lines: lines)
    }
}

/// Accumulates array entries, merging equal elements into contiguous runs.
private struct EntryBuilder {
    let new: [JSONValue]
    var entries: [ArrayDiff.Entry] = []

    init(new: [JSONValue]) {
        self.new = new
    }

    /// `count` equal elements from `oldIndex` and `newIndex` on, merged with
    /// a run that ends right before them.
    mutating func appendUnchangedRun(oldIndex: Int, newIndex: Int, count: Int) {
        if case .unchanged(let runOld, let runNew, let elements)? = entries.last,
           runOld + elements.count == oldIndex, runNew + elements.count == newIndex {
            entries[entries.count - 1] = .unchanged(
                oldIndex: runOld, newIndex: runNew, elements: new[runNew..<(newIndex + count)])
        } else {
            entries.append(.unchanged(oldIndex: oldIndex, newIndex: newIndex, elements: new[newIndex..<(newIndex + count)]))
        }
    }

    mutating func appendUnchanged(oldIndex: Int, newIndex: Int) {
        if case .unchanged(let runOld, let runNew, let elements)? = entries.last,
           runOld + elements.count == oldIndex, runNew + elements.count == newIndex {
            entries[entries.count - 1] = .unchanged(
                oldIndex: runOld, newIndex: runNew, elements: new[runNew...newIndex])
        } else {
            entries.append(.unchanged(oldIndex: oldIndex, newIndex: newIndex, elements: new[newIndex...newIndex]))
        }
    }

    /// A block of removals and insertions between two equal runs. Removals
    /// and insertions at the same offset that are containers of one type
    /// pair into a nested `changed` entry; the rest stay removals and insertions.
    mutating func appendChangeBlock(removed: [Int], inserted: [Int], old: [JSONValue], new: [JSONValue]) {
        var pendingRemoved: [ArrayDiff.Entry] = []
        var pendingInserted: [ArrayDiff.Entry] = []
        func flush() {
            entries += pendingRemoved
            entries += pendingInserted
            pendingRemoved.removeAll()
            pendingInserted.removeAll()
        }
        for offset in 0..<max(removed.count, inserted.count) {
            if offset < removed.count, offset < inserted.count,
               let child = Self.containerDiff(old[removed[offset]], new[inserted[offset]]) {
                flush()
                entries.append(.changed(oldIndex: removed[offset], newIndex: inserted[offset], id: nil, diff: child))
                continue
            }
            if offset < removed.count {
                pendingRemoved.append(.removed(oldIndex: removed[offset], id: nil, value: old[removed[offset]]))
            }
            if offset < inserted.count {
                pendingInserted.append(.inserted(newIndex: inserted[offset], id: nil, value: new[inserted[offset]]))
            }
        }
        flush()
    }

    private static func containerDiff(_ old: JSONValue, _ new: JSONValue) -> DiffNode? {
        switch (old, new) {
        case (.object, .object), (.array, .array): JSONDiff.diff(old, new)
        default: nil
        }
    }
}

/// Two arrays whose elements are all objects with a unique `id` member,
/// with the ids of their differing middles (between `ends`).
///
/// The ends are equal in both arrays, so their ids are too: they are
/// gathered once, to prove uniqueness, and never indexed by position.
private struct IdentifiedPair {
    let old: [JSONValue]
    let new: [JSONValue]
    let ends: CommonEnds
    /// The middle's ids, the first at `ends.prefix`.
    let oldIDs: [JSONValue]
    let newIDs: [JSONValue]
    /// Positions in the whole array of the middle's ids.
    let oldIndexByID: [JSONValue: Int]
    let newIndexByID: [JSONValue: Int]

    init?(_ old: [JSONValue], _ new: [JSONValue], ends: CommonEnds) {
        // Rejects a plain array at its first element; an empty array carries
        // no ids, so it matches an identified one, as the first insertion does.
        if let first = old.first, ElementID.of(first) == nil { return nil }
        if let first = new.first, ElementID.of(first) == nil { return nil }
        // A list remembered from an earlier diff is identified already: its
        // ends' ids are the remembered ones outside its middle.
        let known = ListIDs.remembered(old)
        var endIDs = IDSet(capacity: known == nil ? ends.prefix + ends.suffix : 0)
        if known == nil {
            for index in 0..<ends.prefix {
                guard let id = ElementID.of(old[index]), endIDs.insert(id) else { return nil }
            }
            for index in (old.count - ends.suffix)..<old.count {
                guard let id = ElementID.of(old[index]), endIDs.insert(id) else { return nil }
            }
        }
        func middle(_ elements: [JSONValue], isAtEnd: (JSONValue) -> Bool) -> (ids: [JSONValue], indexByID: [JSONValue: Int])? {
            let range = ends.prefix..<(elements.count - ends.suffix)
            var ids: [JSONValue] = []
            var indexByID: [JSONValue: Int] = [:]
            ids.reserveCapacity(range.count)
            indexByID.reserveCapacity(range.count)
            for index in range {
                guard let id = ElementID.of(elements[index]), !isAtEnd(id),
                      indexByID.updateValue(index, forKey: id) == nil else { return nil }
                ids.append(id)
            }
            return (ids, indexByID)
        }
        let oldMiddle: (ids: [JSONValue], indexByID: [JSONValue: Int])
        let newMiddle: (ids: [JSONValue], indexByID: [JSONValue: Int])
        if let known {
            guard let mine = middle(old, isAtEnd: { _ in false }),
                  let theirs = middle(new, isAtEnd: { known.contains($0) && mine.indexByID[$0] == nil }) else { return nil }
            (oldMiddle, newMiddle) = (mine, theirs)
            ListIDs.remember(ListIDs(list: new, parent: known, removed: IDSet(mine.ids), added: IDSet(theirs.ids)))
        } else {
            guard let mine = middle(old, isAtEnd: endIDs.contains), let theirs = middle(new, isAtEnd: endIDs.contains) else { return nil }
            (oldMiddle, newMiddle) = (mine, theirs)
            if old.count >= ListIDs.minimumCount {
                var all = endIDs
                for id in mine.ids { _ = all.insert(id) }
                let whole = ListIDs(list: old, ids: all)
                ListIDs.remember(whole)
                ListIDs.remember(ListIDs(list: new, parent: whole, removed: IDSet(mine.ids), added: IDSet(theirs.ids)))
            }
        }
        self.old = old
        self.new = new
        self.ends = ends
        oldIDs = oldMiddle.ids
        newIDs = newMiddle.ids
        oldIndexByID = oldMiddle.indexByID
        newIndexByID = newMiddle.indexByID
    }
}
