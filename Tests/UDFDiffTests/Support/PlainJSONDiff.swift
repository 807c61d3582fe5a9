import UDFJSON
@testable import UDFDiff

/// The diff as it was before its shortcuts (baseline 2a84abd): `==` on the
/// whole pair first, and every array indexed by id in full. The randomized
/// tests hold the shipped `JSONDiff` to it.
enum PlainJSONDiff {
    /// The difference from `a` to `b`, or nil when they are equal.
    ///
    /// Containers that share storage are equal without a look inside, so
    /// two states rebuilt from one another cost time in what changed.
    static func diff(_ a: JSONValue, _ b: JSONValue) -> DiffNode? {
        if a.isIdentical(to: b) || a == b { return nil }
        switch (a, b) {
        case (.object(let old), .object(let new)):
            return .object(diffObjects(old, new))
        case (.array(let old), .array(let new)):
            if let old = IdentifiedElements(old), let new = IdentifiedElements(new) {
                return .array(diffByIdentity(old, new))
            }
            return .array(diffBySequence(old, new))
        case (.string(let old), .string(let new)) where old.contains("\n") || new.contains("\n"):
            return .text(diffLines(old, new))
        default:
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

    private static func diffBySequence(_ old: [JSONValue], _ new: [JSONValue]) -> ArrayDiff {
        var tokens: [JSONValue: Int] = [:]
        func token(_ value: JSONValue) -> Int {
            if let existing = tokens[value] { return existing }
            let fresh = tokens.count
            tokens[value] = fresh
            return fresh
        }
        // Tokens hash whole elements; the equal ends cost one `==` each,
        // which is O(1) for elements that share storage.
        let ends = CommonEnds(old, new)
        var script: [MyersDiff.Edit] = (0..<ends.prefix).map { .equal(old: $0, new: $0) }
        let middle = MyersDiff.edits(
            from: old[ends.prefix..<(old.count - ends.suffix)].map(token),
            to: new[ends.prefix..<(new.count - ends.suffix)].map(token)
        )
        for edit in middle {
            switch edit {
            case .equal(let o, let n): script.append(.equal(old: o + ends.prefix, new: n + ends.prefix))
            case .delete(let o): script.append(.delete(old: o + ends.prefix))
            case .insert(let n): script.append(.insert(new: n + ends.prefix))
            }
        }
        for offset in 0..<ends.suffix {
            script.append(.equal(old: old.count - ends.suffix + offset, new: new.count - ends.suffix + offset))
        }
        var builder = EntryBuilder(new: new)
        var pendingRemoved: [Int] = []
        var pendingInserted: [Int] = []
        func flushChangeBlock() {
            builder.appendChangeBlock(removed: pendingRemoved, inserted: pendingInserted, old: old, new: new)
            pendingRemoved.removeAll()
            pendingInserted.removeAll()
        }
        for edit in script {
            switch edit {
            case .equal(let oldIndex, let newIndex):
                flushChangeBlock()
                builder.appendUnchanged(oldIndex: oldIndex, newIndex: newIndex)
            case .delete(let oldIndex):
                pendingRemoved.append(oldIndex)
            case .insert(let newIndex):
                pendingInserted.append(newIndex)
            }
        }
        flushChangeBlock()
        return ArrayDiff(matching: .sequence, entries: builder.entries, oldCount: old.count, newCount: new.count)
    }

    private static func diffByIdentity(_ old: IdentifiedElements, _ new: IdentifiedElements) -> ArrayDiff {
        // The stable elements are a longest common subsequence of the ids both
        // arrays share; every other shared id has moved.
        // Equal elements at both ends keep their places (ids are unique, so
        // none of theirs occurs in the middle); only the middle is matched.
        let ends = CommonEnds(old.elements, new.elements)
        let oldMiddle = ends.prefix..<(old.ids.count - ends.suffix)
        let newMiddle = ends.prefix..<(new.ids.count - ends.suffix)
        var tokens: [JSONValue: Int] = [:]
        for id in old.ids[oldMiddle] where new.indexByID[id] != nil { tokens[id] = tokens.count }
        let oldShared = old.ids[oldMiddle].compactMap { tokens[$0] }
        let newShared = new.ids[newMiddle].compactMap { tokens[$0] }
        var stable = Set<Int>()
        for case .equal(let oldPosition, _) in MyersDiff.edits(from: oldShared, to: newShared) {
            stable.insert(oldShared[oldPosition])
        }

        var builder = EntryBuilder(new: new.elements)
        if ends.prefix > 0 {
            builder.appendUnchangedRun(oldIndex: 0, newIndex: 0, count: ends.prefix)
        }
        var oldCursor = ends.prefix
        func flushRemoved(upTo end: Int) {
            while oldCursor < end {
                let id = old.ids[oldCursor]
                if new.indexByID[id] == nil {
                    builder.entries.append(.removed(oldIndex: oldCursor, id: id, value: old.elements[oldCursor]))
                }
                oldCursor += 1
            }
        }
        for newIndex in newMiddle {
            let id = new.ids[newIndex]
            let newValue = new.elements[newIndex]
            guard let oldIndex = old.indexByID[id], let token = tokens[id] else {
                builder.entries.append(.inserted(newIndex: newIndex, id: id, value: newValue))
                continue
            }
            let child = diff(old.elements[oldIndex], newValue)
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
        flushRemoved(upTo: old.ids.count - ends.suffix)
        if ends.suffix > 0 {
            builder.appendUnchangedRun(
                oldIndex: old.ids.count - ends.suffix, newIndex: new.ids.count - ends.suffix, count: ends.suffix
            )
        }
        return ArrayDiff(matching: .identity, entries: builder.entries,
                         oldCount: old.elements.count, newCount: new.elements.count)
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
        case (.object, .object), (.array, .array): PlainJSONDiff.diff(old, new)
        default: nil
        }
    }
}

/// How many elements two arrays share, equal and in place, at the front and
/// at the back; the two never overlap.
private struct CommonEnds {
    let prefix: Int
    let suffix: Int

    init(_ old: [JSONValue], _ new: [JSONValue]) {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, Self.equal(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, Self.equal(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) {
            suffix += 1
        }
        self.prefix = prefix
        self.suffix = suffix
    }

    private static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        a.isIdentical(to: b) || a == b
    }
}

/// An array whose elements are all objects with a unique `id` member.
private struct IdentifiedElements {
    let elements: [JSONValue]
    let ids: [JSONValue]
    let indexByID: [JSONValue: Int]

    init?(_ elements: [JSONValue]) {
        var ids: [JSONValue] = []
        var indexByID: [JSONValue: Int] = [:]
        // Rejects a plain array at its first element; an empty array carries
        // no ids, so it matches an identified one, as the first insertion does.
        if let first = elements.first, first["id"] == nil { return nil }
        ids.reserveCapacity(elements.count)
        indexByID.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let id = element["id"], indexByID.updateValue(index, forKey: id) == nil else { return nil }
            ids.append(id)
        }
        self.elements = elements
        self.ids = ids
        self.indexByID = indexByID
    }
}
