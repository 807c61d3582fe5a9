/// The naive anchors' diff, what a console dump does: two texts' lines
/// compared, the common first and last lines skipped; what is left between
/// them is the change. Exact for one changed region, which is what the
/// bench's pairs hold.
enum NaiveLineDiff {
    static func changed(_ oldText: String, _ newText: String) -> (old: ArraySlice<Substring>, new: ArraySlice<Substring>) {
        let old = oldText.split(separator: "\n", omittingEmptySubsequences: false)
        let new = newText.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        return (old[prefix..<(old.count - suffix)], new[prefix..<(new.count - suffix)])
    }
}
