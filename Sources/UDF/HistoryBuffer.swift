/// The store's undo history: the newest `capacity` entries, oldest first.
///
/// A ring: once full, an append overwrites the oldest entry in O(1), where
/// `Array.removeFirst` moved every entry on every send. Until full, it grows
/// like an array, so a store that never fills it never allocates the whole.
@usableFromInline
struct HistoryBuffer<Entry> {
    @usableFromInline let capacity: Int
    @usableFromInline var storage: [Entry]
    /// Where the oldest entry sits in `storage`; zero until `storage` is full-size.
    @usableFromInline var head = 0
    @usableFromInline var count = 1

    init(capacity: Int, first: Entry) {
        precondition(capacity >= 1, "a history holds at least the current state")
        self.capacity = capacity
        self.storage = [first]
    }

    /// The entry `index` places after the oldest.
    subscript(index: Int) -> Entry {
        storage[(head + index) % storage.count]
    }

    /// Appends `entry`, dropping the oldest when full.
    @inlinable
    mutating func append(_ entry: Entry) {
        if storage.count < capacity {
            // Growing: `head` is zero, so the live entries are the first `count`.
            storage.removeSubrange(count...)
            storage.append(entry)
            count += 1
        } else if count < capacity {
            storage[(head + count) % capacity] = entry
            count += 1
        } else {
            storage[head] = entry
            head = (head + 1) % capacity
        }
    }

    /// Keeps the entries up to `index`, dropping the newer ones.
    @inlinable
    mutating func removeAll(after index: Int) {
        count = index + 1
    }

    var indices: Range<Int> { 0..<count }

    func map<T>(_ transform: (Entry) throws -> T) rethrows -> [T] {
        try indices.map { try transform(self[$0]) }
    }

    func firstIndex(where predicate: (Entry) throws -> Bool) rethrows -> Int? {
        try indices.first { try predicate(self[$0]) }
    }
}
