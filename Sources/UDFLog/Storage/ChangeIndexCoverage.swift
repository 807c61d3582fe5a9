/// How far a timeline's changed-members index goes.
struct ChangeIndexCoverage: Equatable {
    let depth: ChangeIndexDepth
    /// The last step indexed; nil for every step (a v5 timeline). A
    /// writer merges its keys about once a stretch, so the steps after this
    /// one are read in full.
    let through: Int?

    /// The part of `range` the index answers for.
    func indexed(_ range: ClosedRange<Int>) -> ClosedRange<Int>? {
        let upper = min(range.upperBound, through ?? range.upperBound)
        return range.lowerBound <= upper ? range.lowerBound...upper : nil
    }
}
