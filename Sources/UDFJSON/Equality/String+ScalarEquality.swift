import Foundation

extension String {
    /// Whether both strings hold the same Unicode scalars, so the same UTF-8
    /// bytes: the one string equality a recording uses.
    ///
    /// Swift's `==` is canonical equivalence: `"caf\u{E9}" == "cafe\u{301}"`
    /// is true, though the two encode to different bytes and hash apart. A
    /// recorder that trusted it would store a changed state as unchanged.
    public func hasSameScalars(as other: String) -> Bool {
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        let contiguous = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in
                guard let l = a.baseAddress, let r = b.baseAddress else { return count == 0 }
                return memcmp(l, r, count) == 0
            }
        }
        if let contiguous, let answer = contiguous { return answer }
        return utf8.elementsEqual(other.utf8)
    }
}

extension String {
    /// Whether `part`'s scalars occur in order in this string's: a byte
    /// search, unlike `contains`, which matches canonical equivalents.
    public func containsScalars(_ part: String) -> Bool {
        var haystack = self
        var needle = part
        return haystack.withUTF8 { text in
            needle.withUTF8 { word in
                guard let wordBase = word.baseAddress, !word.isEmpty else { return true }
                guard let textBase = text.baseAddress, word.count <= text.count else { return false }
                let first = word[0]
                for start in 0...(text.count - word.count) where text[start] == first {
                    if memcmp(textBase + start, wordBase, word.count) == 0 { return true }
                }
                return false
            }
        }
    }
}

// Inlinable so that each module calling these gets them specialized for its
// `Value`: unspecialized, a lookup goes through the generic dictionary code,
// several times slower.
extension Dictionary where Key == String {
    /// The value stored under exactly `key`'s scalars.
    ///
    /// A `Dictionary` finds keys by canonical equivalence, so `self[key]` may
    /// answer for a key that is spelled differently; this does not.
    @inlinable
    public func value(exactlyAt key: String) -> Value? {
        index(exactlyAt: key).map { values[$0] }
    }

    /// Where the value stored under exactly `key`'s scalars is: one lookup,
    /// after which `values[index]` reads or writes it without hashing again.
    @inlinable
    public func index(exactlyAt key: String) -> Index? {
        guard let index = index(forKey: key), keys[index].hasSameScalars(as: key) else { return nil }
        return index
    }

    /// The key stored here that is canonically equivalent to `key` but spelled
    /// with other scalars, or nil. An object cannot hold both.
    @inlinable
    public func equivalentKey(to key: String) -> String? {
        guard let index = index(forKey: key) else { return nil }
        let stored = self[index].key
        return stored.hasSameScalars(as: key) ? nil : stored
    }

    /// The keys of `self` and `other` once each, by scalars, in UTF-8 byte
    /// order: the canonical writer's order.
    @inlinable
    public func keysByScalars<Other>(unitedWith other: [String: Other]) -> [String] {
        var keys = Array(self.keys)
        for key in other.keys where value(exactlyAt: key) == nil {
            keys.append(key)
        }
        return keys.sorted(by: JSONWriter.utf8Precedes)
    }
}
