/// A count with its noun in the right number: `1 step`, `2 steps`, `0 steps`.
///
/// For example:
/// ```swift
/// counted(1, "keyframe")               // "1 keyframe"
/// counted(3, "match", "matches")       // "3 matches"
/// ```
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
