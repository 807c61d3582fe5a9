/// Myers' O(ND) difference of two sequences of integer tokens.
///
/// Callers map their elements to integers first (equal elements, equal
/// tokens), so that the inner loop compares machine words, not JSON trees.
enum MyersDiff {
    /// One step of an edit script, with indices into the old and new sequences.
    enum Edit: Equatable {
        case equal(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// Above this many edits the search is abandoned: its trace grows with
    /// the square of the edit count, and such inputs read better as a wholesale change.
    static let maximumEditCount = 1_500

    /// An edit script from `old` to `new`; common prefix and suffix are trimmed
    /// first, so one change in a large sequence costs time linear in its size.
    static func edits(from old: [Int], to new: [Int]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        var script: [Edit] = (0..<prefix).map { .equal(old: $0, new: $0) }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        let middle = shortestScript(oldMiddle, newMiddle)
            ?? (oldMiddle.indices.map { .delete(old: $0) } + newMiddle.indices.map { .insert(new: $0) })
        for edit in middle {
            switch edit {
            case .equal(let o, let n): script.append(.equal(old: o + prefix, new: n + prefix))
            case .delete(let o): script.append(.delete(old: o + prefix))
            case .insert(let n): script.append(.insert(new: n + prefix))
            }
        }
        let oldSuffixStart = old.count - suffix
        let newSuffixStart = new.count - suffix
        for offset in 0..<suffix {
            script.append(.equal(old: oldSuffixStart + offset, new: newSuffixStart + offset))
        }
        return script
    }

    /// The minimal script, or nil when it needs more than `maximumEditCount` edits.
    private static func shortestScript(_ a: [Int], _ b: [Int]) -> [Edit]? {
        let n = a.count
        let m = b.count
        if n == 0 { return b.indices.map { .insert(new: $0) } }
        if m == 0 { return a.indices.map { .delete(old: $0) } }
        let limit = min(n + m, maximumEditCount)
        let offset = limit + 1
        var frontier = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds the frontier for diagonals -d-1...d+1 before round d.
        var trace: [[Int]] = []
        var finalCost: Int?
        search: for d in 0...limit {
            trace.append(Array(frontier[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = frontier[offset + k + 1]
                } else {
                    x = frontier[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m {
                    finalCost = d
                    break search
                }
            }
        }
        guard let cost = finalCost else { return nil }
        var script: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: cost, to: 0, by: -1) {
            let saved = trace[d]
            func at(_ k: Int) -> Int { saved[k + d + 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            let snakeStartX = previousK == k + 1 ? previousX : previousX + 1
            while x > snakeStartX {
                x -= 1
                y -= 1
                script.append(.equal(old: x, new: y))
            }
            if previousK == k + 1 {
                script.append(.insert(new: previousY))
            } else {
                script.append(.delete(old: previousX))
            }
            x = previousX
            y = previousY
        }
        while x > 0 {
            x -= 1
            y -= 1
            script.append(.equal(old: x, new: y))
        }
        return script.reversed()
    }
}
