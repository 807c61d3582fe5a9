import UDFJSON

/// The difference between two arrays: an ordered list of entries.
///
/// Entries follow both arrays' order: reading them front to back visits old
/// elements in old order and new elements in new order, except `moved`
/// entries, which sit at their new position.
public struct ArrayDiff: Sendable, Equatable {
    /// How the elements were paired.
    public enum Matching: Sendable, Equatable {
        /// Every element is an object with a unique `id` member; elements pair by `id`.
        case identity
        /// Elements pair by a longest common subsequence of equal elements.
        case sequence
    }

    /// One run or element of the difference.
    public enum Entry: Sendable, Equatable {
        /// Equal elements, contiguous in both arrays.
        case unchanged(oldIndex: Int, newIndex: Int, elements: ArraySlice<JSONValue>)
        case inserted(newIndex: Int, id: JSONValue?, value: JSONValue)
        case removed(oldIndex: Int, id: JSONValue?, value: JSONValue)
        /// The same element (same `id`, or adjacent remove and insert of two
        /// containers of one type) with a nested difference.
        case changed(oldIndex: Int, newIndex: Int, id: JSONValue?, diff: DiffNode)
        /// An element whose `id` left the common order; `diff` is its edit, if any.
        case moved(oldIndex: Int, newIndex: Int, id: JSONValue, diff: DiffNode?)
    }

    public var matching: Matching
    public var entries: [Entry]
    public var oldCount: Int
    public var newCount: Int

    public init(matching: Matching, entries: [Entry], oldCount: Int, newCount: Int) {
        self.matching = matching
        self.entries = entries
        self.oldCount = oldCount
        self.newCount = newCount
    }
}

extension ArrayDiff.Entry {
    /// The number of elements an `unchanged` run covers; zero for other entries.
    public var unchangedCount: Int {
        if case .unchanged(_, _, let elements) = self { elements.count } else { 0 }
    }
}
