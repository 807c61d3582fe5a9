/// The naive anchors' diff, what a console dump does: two texts' lines
/// compared, the common first and last lines skipped; what is left between
/// them is the change. Exact for one changed region, which is what the
/// bench's pairs hold. Lines are split and compared as UTF-8 bytes, as a
/// line diff does, not as Swift `Character`s, whose grapheme breaking would
/// make the anchor slower than a plain tool.
enum NaiveLineDiff {
    static func changed(_ oldText: String, _ newText: String) -> (old: ArraySlice<Substring.UTF8View>, new: ArraySlice<Substring.UTF8View>) {
        let old = oldText.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let new = newText.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix].elementsEqual(new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix].elementsEqual(new[new.count - 1 - suffix]) {
            suffix += 1
        }
        return (old[prefix..<(old.count - suffix)], new[prefix..<(new.count - suffix)])
    }
}
