import UDFDiff
import UDFJSON
import UDFSQLite

extension Recording {
    /// Counts, reducer times, storage and state sizes of `timeline`, computed
    /// from its metadata columns in one pass over its rows per segment.
    ///
    /// One pass, not an aggregate query per figure: each query read every
    /// row again (five times in all, two of them sorting the whole timeline),
    /// which made `stats` on a million steps take seconds.
    ///
    /// - Parameters:
    ///   - buckets: Into how many runs of steps to split the state size over time.
    ///   - growthLimit: How many of the steps that grew the state most to return.
    ///   - workers: How many threads scan a long timeline at once, each a
    ///     part of it through its own connection; the figures are the same
    ///     with any number.
    public func statistics(
        on timeline: TimelineInfo, buckets: Int = 10, growthLimit: Int = 5, workers: Int = 1
    ) throws(RecordingError) -> TimelineStatistics {
        try statistics(on: timeline, buckets: buckets, growthLimit: growthLimit, workers: workers, minimumPart: Self.statisticsMinimumPart)
    }

    /// The fewest steps a thread of `statistics` scans: opening a
    /// connection costs about as much as scanning a few thousand rows.
    static let statisticsMinimumPart = 65_536

    func statistics(
        on timeline: TimelineInfo, buckets: Int, growthLimit: Int, workers: Int, minimumPart: Int
    ) throws(RecordingError) -> TimelineStatistics {
        let scans = try scan(Self.parts(of: try cursor(for: timeline).segments, workers: workers, minimum: minimumPart), workers: workers)
        return TimelineStatistics(
            actions: actionStatistics(scans),
            storage: storageStatistics(scans),
            sizeOverTime: sizeOverTime(scans, lastStep: timeline.lastStep, buckets: max(buckets, 1)),
            largestGrowth: try largestGrowth(scans, limit: max(growthLimit, 0))
        )
    }

    /// One segment's rows, read once: what every figure is computed from.
    struct SegmentScan {
        let segment: TimelineSegment
        /// Each step's canonical state size, by `step - segment.steps.lowerBound`; nil for a missing row.
        var sizes: [Int?]
        /// By the names' scalars: two spellings are two actions.
        var actions: [CanonicalKey: (count: Int, bytes: Int)] = [:]
        var durations: [CanonicalKey: [Int]] = [:]
        var steps = 0
        var keyframes = 0
        var keyframeBytes = 0
        var patches = 0
        var patchBytes = 0
        var largestPatchBytes = 0
        var totalStateBytes = 0
        var smallestState: Int?
        var largestState = 0
    }

    /// `segments` cut into up to two parts a worker, of about equal length,
    /// none shorter than `minimum` steps; as they are with one worker.
    static func parts(of segments: [TimelineSegment], workers: Int, minimum: Int) -> [TimelineSegment] {
        let total = segments.reduce(0) { $0 + $1.steps.count }
        let count = min(workers * 2, total / max(1, minimum))
        guard workers > 1, count > 1 else { return segments }
        let width = (total + count - 1) / count
        return segments.flatMap { segment in
            stride(from: segment.steps.lowerBound, through: segment.steps.upperBound, by: width).map { start in
                TimelineSegment(timelineID: segment.timelineID, steps: start...min(segment.steps.upperBound, start + width - 1))
            }
        }
    }

    /// Scans `parts` in order, on up to `workers` threads at once.
    private func scan(_ parts: [TimelineSegment], workers: Int) throws(RecordingError) -> [SegmentScan] {
        var scans: [SegmentScan] = []
        guard workers > 1, parts.count > 1 else {
            for part in parts { scans.append(try scan(part)) }
            return scans
        }
        let path = self.path
        var failure: RecordingError?
        OrderedWorkerPool(workers: workers).run(parts, job: { part in
            Result { () throws(RecordingError) in try Recording(path: path).scan(part) }
        }, deliver: { _, result in
            switch result {
            case .success(let scan):
                scans.append(scan)
                return true
            case .failure(let error):
                failure = error
                return false
            }
        })
        if let failure { throw failure }
        return scans
    }

    private func scan(_ segment: TimelineSegment) throws(RecordingError) -> SegmentScan {
        var scanner = SegmentScanner(segment: segment)
        try query { db in
            try db.prepare("""
                SELECT step, action_name, duration_ns, state_size, length(CAST(keyframe AS BLOB)), length(CAST(patch AS BLOB))
                FROM steps WHERE timeline_id = ? AND step BETWEEN ? AND ? ORDER BY step
                """).forEachRow([segment.timelineID, segment.steps.lowerBound, segment.steps.upperBound]) { row in
                scanner.add(row)
            }
        }
        return scanner.finish()
    }

    /// Adds up one segment's rows, one access to it per row: figures kept
    /// in variables the row closure captured were checked for exclusive
    /// access on every touch, a tenth of `stats` on a million steps.
    private struct SegmentScanner {
        var result: SegmentScan
        /// The action of the current run of steps, and its figures so far.
        var current: (name: CanonicalKey, figures: (count: Int, bytes: Int), durations: [Int])?
        /// The current run's name, as UTF-8.
        var currentBytes: [UInt8] = []

        init(segment: TimelineSegment) {
            result = SegmentScan(segment: segment, sizes: Array(repeating: nil, count: segment.steps.count))
        }

        mutating func add(_ row: Row) {
            let size = row.int(3)
            let keyframeBytes = row.optionalInt(4)
            let patchBytes = row.optionalInt(5)
            result.sizes[row.int(0) - result.segment.steps.lowerBound] = size
            result.steps += 1
            if let keyframeBytes {
                result.keyframes += 1
                result.keyframeBytes += keyframeBytes
            }
            if let patchBytes {
                result.patches += 1
                result.patchBytes += patchBytes
                result.largestPatchBytes = max(result.largestPatchBytes, patchBytes)
            }
            result.totalStateBytes += size
            result.smallestState = min(result.smallestState ?? size, size)
            result.largestState = max(result.largestState, size)
            // Runs of one action are common: the name is compared where
            // SQLite holds it, by its bytes, and made and hashed once a run.
            if current == nil || !row.textEquals(1, currentBytes) {
                guard let name = row.optionalText(1) else { return }
                flush()
                let key = CanonicalKey(name)
                current = (key, result.actions[key] ?? (0, 0), result.durations.removeValue(forKey: key) ?? [])
                currentBytes = Array(name.utf8)
            }
            current?.figures.count += 1
            current?.figures.bytes += keyframeBytes ?? patchBytes ?? 0
            if let duration = row.optionalInt(2) {
                current?.durations.append(duration)
            }
        }

        private mutating func flush() {
            guard let current else { return }
            result.actions[current.name] = current.figures
            result.durations[current.name] = current.durations
        }

        mutating func finish() -> SegmentScan {
            flush()
            current = nil
            return result
        }
    }

    private func actionStatistics(_ scans: [SegmentScan]) -> [TimelineStatistics.Action] {
        var counts: [CanonicalKey: (count: Int, bytes: Int)] = [:]
        var durations: [CanonicalKey: [Int]] = [:]
        for scan in scans {
            for (name, figures) in scan.actions {
                let previous = counts[name] ?? (0, 0)
                counts[name] = (previous.count + figures.count, previous.bytes + figures.bytes)
            }
            for (name, values) in scan.durations {
                durations[name, default: []] += values
            }
        }
        return counts.keys.sorted().map { name in
            let values = durations[name] ?? []
            let percentiles = NearestRank.of([50, 99], in: values)
            return TimelineStatistics.Action(
                name: name.key,
                count: counts[name]?.count ?? 0,
                p50Nanoseconds: percentiles[0],
                p99Nanoseconds: percentiles[1],
                maxNanoseconds: values.max(),
                storedBytes: counts[name]?.bytes ?? 0
            )
        }
    }

    /// The nearest-rank percentile: the smallest value with at least `p`% of values at or below it.
    public static func percentile(_ p: Int, of sorted: [Int]) -> Int? {
        guard !sorted.isEmpty else { return nil }
        return sorted[NearestRank.index(ofPercentile: p, count: sorted.count)]
    }

    private func storageStatistics(_ scans: [SegmentScan]) -> TimelineStatistics.Storage {
        TimelineStatistics.Storage(
            steps: scans.reduce(0) { $0 + $1.steps },
            keyframes: scans.reduce(0) { $0 + $1.keyframes },
            keyframeBytes: scans.reduce(0) { $0 + $1.keyframeBytes },
            patches: scans.reduce(0) { $0 + $1.patches },
            patchBytes: scans.reduce(0) { $0 + $1.patchBytes },
            largestPatchBytes: scans.map(\.largestPatchBytes).max() ?? 0,
            smallestState: scans.compactMap(\.smallestState).min() ?? 0,
            largestState: scans.map(\.largestState).max() ?? 0,
            totalStateBytes: scans.reduce(0) { $0 + $1.totalStateBytes }
        )
    }

    private func sizeOverTime(_ scans: [SegmentScan], lastStep: Int, buckets: Int) -> [TimelineStatistics.SizeBucket] {
        guard lastStep >= 0 else { return [] }
        let width = (lastStep + 1 + buckets - 1) / buckets
        var merged: [Int: (first: Int, last: Int, smallest: Int, largest: Int, lastSize: Int)] = [:]
        for scan in scans {
            let lower = scan.segment.steps.lowerBound
            var rows: [Int: (first: Int, last: Int, smallest: Int, largest: Int, lastSize: Int)] = [:]
            for (offset, size) in scan.sizes.enumerated() {
                guard let size else { continue }
                let step = lower + offset
                let bucket = step / width
                if let row = rows[bucket] {
                    rows[bucket] = (row.first, step, min(row.smallest, size), max(row.largest, size), size)
                } else {
                    rows[bucket] = (step, step, size, size, size)
                }
            }
            for (bucket, row) in rows {
                if let previous = merged[bucket] {
                    merged[bucket] = (min(previous.first, row.first), max(previous.last, row.last),
                                      min(previous.smallest, row.smallest), max(previous.largest, row.largest),
                                      row.last > previous.last ? row.lastSize : previous.lastSize)
                } else {
                    merged[bucket] = row
                }
            }
        }
        return merged.keys.sorted().compactMap { key in
            merged[key].map { TimelineStatistics.SizeBucket(steps: $0.first...$0.last, smallest: $0.smallest, largest: $0.largest, last: $0.lastSize) }
        }
    }

    private func largestGrowth(_ scans: [SegmentScan], limit: Int) throws(RecordingError) -> [TimelineStatistics.Growth] {
        guard limit > 0 else { return [] }
        // (timeline, step, before, after), largest growth first, then earliest step.
        var candidates: [(timelineID: Int, step: Int, before: Int, after: Int)] = []
        func ranked(_ a: (timelineID: Int, step: Int, before: Int, after: Int), _ b: (timelineID: Int, step: Int, before: Int, after: Int)) -> Bool {
            (a.after - a.before, -a.step) > (b.after - b.before, -b.step)
        }
        func add(_ candidate: (timelineID: Int, step: Int, before: Int, after: Int)) {
            candidates.append(candidate)
            // Keep the list short: only the best `limit` can be returned.
            if candidates.count >= limit * 4 + 1_024 {
                candidates = Array(candidates.sorted(by: ranked).prefix(limit))
            }
        }
        var before: Int?
        var previous: SegmentScan?
        for scan in scans {
            let lower = scan.segment.steps.lowerBound
            // A part of the segment scanned before goes on from its last
            // size; the first step a branch stores grows from its parent's
            // row at the fork.
            if let previous, previous.segment.timelineID != scan.segment.timelineID || previous.segment.steps.upperBound + 1 != lower {
                before = previous.sizes.last ?? nil
            }
            for (offset, size) in scan.sizes.enumerated() {
                guard let size else { continue }
                if let before, size > before {
                    add((scan.segment.timelineID, lower + offset, before, size))
                }
                before = size
            }
            previous = scan
        }
        var result: [TimelineStatistics.Growth] = []
        for candidate in candidates.sorted(by: ranked).prefix(limit) {
            let name = try query { db in
                try db.cachedStatement("SELECT action_name FROM steps WHERE timeline_id = ? AND step = ?")
                    .firstRow([candidate.timelineID, candidate.step]) { $0.optionalText(0) }
            } ?? nil
            result.append(.init(step: candidate.step, actionName: name, before: candidate.before, after: candidate.after))
        }
        return result
    }
}
