import UDFJSON

extension JSONValue {
    /// Whether this value's canonical bytes equal those of `expected`, once
    /// masked where `expected` is redacted; without writing either.
    ///
    /// The canonical text is a function of the tree: numbers as their
    /// literal text, strings and keys as their UTF-8 bytes. So comparing
    /// those, never with `String ==` (canonical equivalence), gives the
    /// same answer as comparing the written bytes, and stops at the first
    /// difference. A check runs this on every step; the diff is only made
    /// for a step that fails.
    func canonicallyMatches(_ expected: JSONValue) -> Bool {
        if case .string(let text) = expected, text.utf8.elementsEqual(RecordedTimeline.redactedValue.utf8) {
            return true
        }
        if isIdentical(to: expected) { return true }
        switch (self, expected) {
        case (.null, .null):
            return true
        case (.bool(let mine), .bool(let wanted)):
            return mine == wanted
        case (.number(let mine), .number(let wanted)):
            return mine.text.utf8.elementsEqual(wanted.text.utf8)
        case (.string(let mine), .string(let wanted)):
            return mine.utf8.elementsEqual(wanted.utf8)
        case (.array(let mine), .array(let wanted)):
            guard mine.count == wanted.count else { return false }
            for index in mine.indices where !mine[index].canonicallyMatches(wanted[index]) {
                return false
            }
            return true
        case (.object(let mine), .object(let wanted)):
            guard mine.count == wanted.count else { return false }
            for (key, value) in wanted {
                // A dictionary finds a canonically equivalent key; the bytes must match too.
                guard let index = mine.index(forKey: key),
                      mine[index].key.utf8.elementsEqual(key.utf8),
                      mine[index].value.canonicallyMatches(value)
                else { return false }
            }
            return true
        default:
            return false
        }
    }
}
