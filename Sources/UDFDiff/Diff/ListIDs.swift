import Synchronization
import UDFJSON

/// The ids of a long identified list (every element an object with a
/// unique `id`), remembered after a diff so that the next diff from it
/// proves its ids unique in time proportional to what changed, instead of
/// hashing every id again.
///
/// A list is named by its storage identity, which proves its contents only
/// while the list is alive: so each entry keeps its list. A list derived in
/// a diff is its parent's ids, minus the ids of the parent's changed middle,
/// plus those of its own; chains stop at `maximumDepth`, after which the
/// next diff from that list gathers every id again.
final class ListIDs: Sendable {
    /// Shorter lists are gathered each time: a lookup would cost more.
    static let minimumCount = 64
    /// Deltas on top of a whole set at most.
    static let maximumDepth = 16
    /// Lists remembered at once: enough for a state with several long lists,
    /// each diffed as old and as new, and for other diffs in between.
    static let capacity = 32
    private static let recent = Mutex<[ListIDs]>([])

    /// The list, alive, so that its identity names these ids.
    let list: [JSONValue]
    let depth: Int
    private let base: Base

    private enum Base: Sendable {
        case whole(IDSet)
        case derived(parent: ListIDs, removed: IDSet, added: IDSet)
    }

    /// Every id of `list`, which are unique.
    init(list: [JSONValue], ids: IDSet) {
        self.list = list
        depth = 0
        base = .whole(ids)
    }

    /// The ids of `list`, which is `parent.list` with the ids `removed` taken
    /// out and `added` put in; unique.
    init(list: [JSONValue], parent: ListIDs, removed: IDSet, added: IDSet) {
        self.list = list
        depth = parent.depth + 1
        base = .derived(parent: parent, removed: removed, added: added)
    }

    func contains(_ id: JSONValue) -> Bool {
        switch base {
        case .whole(let ids):
            return ids.contains(id)
        case .derived(let parent, let removed, let added):
            return added.contains(id) || (!removed.contains(id) && parent.contains(id))
        }
    }

    /// The remembered ids of `list`, if it is one of the recent lists; it
    /// becomes the most recent, so a list diffed against many stays.
    static func remembered(_ list: [JSONValue]) -> ListIDs? {
        guard list.count >= minimumCount, let identity = JSONValue.array(list).storageIdentity else { return nil }
        return recent.withLock { entries in
            guard let index = entries.lastIndex(where: { JSONValue.array($0.list).storageIdentity == identity }) else { return nil }
            let found = entries.remove(at: index)
            entries.append(found)
            return found
        }
    }

    static func remember(_ ids: ListIDs) {
        guard ids.list.count >= minimumCount, ids.depth <= maximumDepth,
              let identity = JSONValue.array(ids.list).storageIdentity else { return }
        recent.withLock { entries in
            entries.removeAll { JSONValue.array($0.list).storageIdentity == identity }
            entries.append(ids)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }
}
