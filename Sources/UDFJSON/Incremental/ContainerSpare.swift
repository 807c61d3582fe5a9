/// The contents of a container as they were one pass before its last
/// output, kept so that the next change to that output writes into them
/// instead of copying the last output whole. With a one-item change to a
/// long list or a dictionary keyed by id, each pass then writes the items
/// that changed in its last two passes, and retains and releases nothing
/// else.
///
/// A stage that makes each container from its own last output
/// (`IncrementalJSONEncoder`, `IncrementalRedaction`) keeps one per
/// container it made, apart from anything else that holds the output, so
/// that taking it leaves it with one reference, and changing it in place
/// is possible. Where anything else still holds it, copy-on-write copies
/// it, as it would without a spare.
public protocol SpareContents {
    associatedtype Contents
    var contents: Contents { get set }
    /// Writes into `buffer`, the spare's contents taken out of it, what
    /// turns them into `contents`, the last output.
    func catchUp(_ buffer: inout Contents, to contents: Contents)
}

extension SpareContents {
    /// Makes `buffer`, about to be written for the first time this pass
    /// and still the last output, the taken spare caught up to it: swapped,
    /// not copied, so the spare's storage keeps one reference. Without a
    /// spare, `buffer` stays shared and its first write copies it.
    public static func writeInto(_ buffer: inout Contents, from spare: inout Self?, caughtUpTo last: Contents) {
        guard var taken = spare.take() else { return }
        swap(&buffer, &taken.contents)
        taken.catchUp(&buffer, to: last)
    }
}

/// An array's spare: its elements one pass before the last output.
public struct ArraySpare: SpareContents {
    public var elements: [JSONValue]
    public var contents: [JSONValue] {
        get { elements }
        set { elements = newValue }
    }
    /// The positions, below both counts, where `elements` may differ from
    /// the last output's; past the shorter count they differ in length only.
    public var stale: [Int]

    public init(elements: [JSONValue], stale: [Int]) {
        self.elements = elements
        self.stale = stale
    }

    /// The stale positions and the difference in length, nothing else.
    public func catchUp(_ buffer: inout [JSONValue], to elements: [JSONValue]) {
        for position in stale {
            buffer[position] = elements[position]
        }
        if buffer.count > elements.count {
            buffer.removeLast(buffer.count - elements.count)
        } else if buffer.count < elements.count {
            buffer.append(contentsOf: elements[buffer.count...])
        }
    }
}

/// A dictionary's spare: its members one pass before the last output.
public struct DictionarySpare: SpareContents {
    public var members: [String: JSONValue]
    public var contents: [String: JSONValue] {
        get { members }
        set { members = newValue }
    }
    /// The keys, spelled exactly, whose members may differ from the last
    /// output's: changed, added or removed.
    public var stale: [String]

    public init(members: [String: JSONValue], stale: [String]) {
        self.members = members
        self.stale = stale
    }

    /// The stale keys, nothing else. Every stale spelling goes first, so a
    /// key respelled in another normalization never meets its old spelling.
    public func catchUp(_ buffer: inout [String: JSONValue], to members: [String: JSONValue]) {
        for key in stale {
            if let index = buffer.index(forKey: key), buffer[index].key.hasSameScalars(as: key) {
                buffer.remove(at: index)
            }
        }
        for key in stale {
            if let value = members.value(exactlyAt: key) { buffer[key] = value }
        }
    }
}
