extension ArraySlice<UInt8> {
    /// Whether these bytes are exactly `word`'s UTF-8: a scan of stored
    /// text compares its member names and operation names so, without the
    /// generic comparison with a `String`'s view, which took a sixth of it.
    func spells(_ word: StaticString) -> Bool {
        guard count == word.utf8CodeUnitCount else { return false }
        let letters = word.utf8Start
        var index = startIndex
        for offset in 0..<count {
            guard self[index] == letters[offset] else { return false }
            index += 1
        }
        return true
    }
}
