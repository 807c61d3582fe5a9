/// Finds the candidate a mistyped word was probably meant to be.
enum Suggestion {
    /// The candidate `word` was most likely meant to be, when one is close enough to help.
    ///
    /// A word of three letters or more that begins exactly one candidate
    /// finds it, as `--out` finds `--output` and `--form` `--format`.
    /// Otherwise leading dashes are ignored when measuring, so `-session`
    /// finds `--session`. Short words need a closer match than long ones, so
    /// that `--x` does not suggest `-h`, while `fx` finds `fix`. Ties go to
    /// the earliest candidate.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(stripDashes(word))
        if typed.count >= 3 {
            let begun = candidates.filter { stripDashes($0).starts(with: typed) }
            if begun.count == 1 { return begun[0] }
        }
        let allowed = typed.count < 2 ? 0 : (typed.count < 5 ? 1 : 2)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(stripDashes(candidate)))
            if distance <= allowed, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The message for a value outside a fixed set, suggesting the closest one, for example
    /// `The value 'pach' is invalid for '--format <format>'. Did you mean 'patch'? Expected one of: tree, patch, paths`.
    static func invalidValue(_ value: String, for label: String, expected: [String]) -> String {
        var message = "The value '\(value)' is invalid for '\(label)'. "
        if let suggestion = closest(to: value, among: expected) {
            message += "Did you mean '\(suggestion)'? "
        }
        return message + "Expected one of: " + expected.joined(separator: ", ")
    }

    /// `. Did you mean 'x'?` when a candidate is close to `word`, else nothing.
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { ". Did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions,
    /// and swaps of two adjacent characters, which are the commonest typo.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var distance = min(
                    table[i - 1][j] + 1,
                    table[i][j - 1] + 1,
                    table[i - 1][j - 1] + cost
                )
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, table[i - 2][j - 2] + 1)
                }
                table[i][j] = distance
            }
        }
        return table[a.count][b.count]
    }

    private static func stripDashes(_ word: String) -> Substring {
        word.drop { $0 == "-" }
    }
}
