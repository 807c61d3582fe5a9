/// Nearest-rank percentiles: the smallest value with at least `p`% of the
/// values at or below it.
enum NearestRank {
    /// The index of the `p`th percentile in `count` sorted values.
    static func index(ofPercentile p: Int, count: Int) -> Int {
        min(max((p * count + 99) / 100, 1), count) - 1
    }

    /// The `percentiles` of unsorted `values`, each nil when there is none.
    ///
    /// By selection, not by sorting: a million reducer times cost `stats` a
    /// sort that took a tenth of its time, for two numbers.
    static func of(_ percentiles: [Int], in values: [Int]) -> [Int?] {
        guard !values.isEmpty else { return percentiles.map { _ in nil } }
        var values = values
        let indices = percentiles.map { index(ofPercentile: $0, count: values.count) }
        // Largest first: everything left of a selected index is at most its
        // value, so each next, smaller one is found in what is left of it.
        var end = values.count
        for index in Set(indices).sorted(by: >) {
            select(index, in: &values, within: 0..<end)
            end = index
        }
        return indices.map { values[$0] }
    }

    /// Puts the value that belongs at `k` in sorted order there, with none
    /// greater before it and none smaller after it, inside `range`.
    ///
    /// Three-way partitions around a random pivot, so runs of equal values,
    /// common among reducer times, cost no more than distinct ones.
    private static func select(_ k: Int, in values: inout [Int], within range: Range<Int>) {
        var low = range.lowerBound
        var high = range.upperBound
        while high - low > 1 {
            let pivot = values[Int.random(in: low..<high)]
            var less = low
            var next = low
            var greater = high
            while next < greater {
                if values[next] < pivot {
                    values.swapAt(less, next)
                    less += 1
                    next += 1
                } else if values[next] > pivot {
                    greater -= 1
                    values.swapAt(next, greater)
                } else {
                    next += 1
                }
            }
            if k < less {
                high = less
            } else if k >= greater {
                low = greater
            } else {
                return
            }
        }
    }
}
