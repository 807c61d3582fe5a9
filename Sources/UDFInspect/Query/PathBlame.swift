import UDFDiff
import UDFJSON
import UDFLog

/// Every step that changed the value at a path: what `blame` prints.
///
/// For a path without `[*]` it keeps only the top-level member the path
/// starts with (`ProjectedState`), from the stored rows: a patch written
/// under other members is skipped unparsed, and the value is compared only at
/// steps that wrote under that member (or, narrowed, under the member's
/// child the path goes through). A path with `[*]` walks every state,
/// as the reference the randomized tests hold the first way to. A long
/// timeline is read in stretches at once, each from the value before it.
struct PathBlame {
    /// How the changes were found.
    enum Strategy: String {
        /// From the stored rows, keeping only the member the path starts with.
        case patches
        /// By walking every state of the range.
        case walk
    }

    /// One change at the path. Nil stands for "the path selects nothing".
    struct Change: Equatable, Sendable {
        /// The step that made the change.
        let summary: StepSummary
        let old: JSONValue?
        let new: JSONValue?
        var step: Int { summary.step }
    }

    let path: JSONPath
    /// Whether to read only the steps that may change the child of a member the path goes through.
    var narrowing = ProjectedState.Narrowing.byCost
    /// How a long timeline is split across threads.
    var stretched = StretchedWalk()
    /// The most bytes of rows a stretch read ahead of the one being
    /// delivered holds; past it, the stretch stops, and its rest is read
    /// when it is delivered. Rows of long values would otherwise pile up.
    var stretchHoldLimit = 16 << 20
    /// The most changes that wait, at steps the index described (format
    /// v7), for their summaries to be read in one query.
    var summariesPerRead = 512

    /// The value `path` selects: the one value, or for a path with `[*]` the
    /// array of every selected value; nil when it selects nothing.
    func value(in state: JSONValue) -> JSONValue? {
        // The values alone: blame asks this of every step it reads, and
        // building each selected value's path cost it about 2% of its time.
        let selected = path.values(in: state)
        guard !selected.isEmpty else { return nil }
        if path.components.contains(.wildcard) {
            return .array(selected)
        }
        return selected[0]
    }

    var defaultStrategy: Strategy {
        path.components.contains(.wildcard) ? .walk : .patches
    }

    /// The changes in steps 1…`last` of `timeline`, oldest first, and whether
    /// the path selected something at any step 0…`last`. For tests and
    /// short ranges: it keeps every value, where `blame` keeps rows.
    func changes(
        in recording: Recording,
        on timeline: TimelineInfo,
        through last: Int,
        strategy: Strategy
    ) throws -> (changes: [Change], everSelected: Bool) {
        var found: [Change] = []
        let everSelected = try changes(in: recording, on: timeline, through: last, strategy: strategy, rows: { { $0 } }) { change in
            found.append(change)
            return true
        }
        return (found, everSelected)
    }

    /// Hands `deliver` a row for each change in steps 1…`last` of `timeline`,
    /// oldest first, and returns whether the path selected something at any
    /// step 0…`last`. `deliver` returns false to stop.
    ///
    /// A change becomes its row where it is found, so that no value outlives
    /// its row: kept whole, the values of a path that grows every step take
    /// memory quadratic in the steps. `rows` makes one row maker for each
    /// stretch; it sees the stretch's changes in order, each change's `old`
    /// being the one before's `new`. A long timeline is read in stretches at
    /// once (`StretchedWalk`); a short one is delivered as it is read.
    func changes<Row: HeldRow>(
        in recording: Recording,
        on timeline: TimelineInfo,
        through last: Int,
        strategy: Strategy,
        rows: @escaping @Sendable () -> (Change) throws -> Row,
        deliver: (Row) throws -> Bool
    ) throws -> Bool {
        var everSelected = value(in: try recording.state(at: 0, on: timeline)) != nil
        guard last >= 1 else { return everSelected }
        // What `.patches` keeps of each state: decided once, for every stretch.
        var projection = ProjectedState(paths: [path])
        var reading = last
        if strategy == .patches {
            try projection.narrow(narrowing, in: recording, on: timeline, range: 1...last)
            reading = try projection.stepsRead(in: recording, on: timeline, range: 1...last)
        }
        // Reads `range` on this thread, delivering as it reads; false when `deliver` stopped it.
        func stream(_ range: ClosedRange<Int>) throws -> Bool {
            let row = rows()
            let read = try changes(in: recording, on: timeline, range, strategy: strategy, keeping: projection) { change in
                try deliver(try row(change))
            }
            everSelected = everSelected || read.everSelected
            return read.stoppedAfter == nil
        }
        guard stretched.stretches(of: 1...last, reading: reading).count > 1 else {
            _ = try stream(1...last)
            return everSelected
        }
        let holdLimit = stretchHoldLimit
        var failure: (any Error)?
        try stretched.run(1...last, reading: reading, in: recording, job: { [projection] recording, stretch, signal in
            let row = rows()
            var held: [Row] = []
            var heldBytes = 0
            let read = try self.changes(in: recording, on: timeline, stretch, strategy: strategy, keeping: projection) { change in
                let made = try row(change)
                held.append(made)
                heldBytes += made.heldBytes
                return heldBytes <= holdLimit && !signal.isStopped
            }
            let rest = read.stoppedAfter.flatMap { $0 < stretch.upperBound ? ($0 + 1)...stretch.upperBound : nil }
            return Found(rows: held, everSelected: read.everSelected, rest: rest)
        }, deliver: { found in
            everSelected = everSelected || found.everSelected
            do {
                for row in found.rows where try !deliver(row) { return false }
                // The rest of a stretch that held its limit is read here, as it is delivered.
                if let rest = found.rest { return try stream(rest) }
                return true
            } catch {
                failure = error
                return false
            }
        })
        if let failure { throw failure }
        return everSelected
    }

    /// What one stretch found: a row for each change, whether the path
    /// selected something at any step read, and the steps left unread when
    /// its rows reached `stretchHoldLimit`.
    private struct Found<Row: Sendable>: Sendable {
        let rows: [Row]
        let everSelected: Bool
        let rest: ClosedRange<Int>?
    }

    /// Hands `emit` each change in `stretch` (after step 0), from the value
    /// at the step before it, until `emit` returns false. Returns whether
    /// the path selected something at any step read, and the step of the
    /// change `emit` stopped at. `.patches` keeps what `projection` keeps.
    private func changes(
        in recording: Recording,
        on timeline: TimelineInfo,
        _ stretch: ClosedRange<Int>,
        strategy: Strategy,
        keeping projection: ProjectedState,
        emit: (Change) throws -> Bool
    ) throws -> (everSelected: Bool, stoppedAfter: Int?) {
        let before = try recording.state(at: stretch.lowerBound - 1, on: timeline)
        var previous = value(in: before)
        var everSelected = false
        var stoppedAfter: Int?
        /// Changes found at steps that came without their rows (the index
        /// described them), and any found after them: their summaries are
        /// read many at a time, then all are emitted in order.
        var pending: [(step: Int, old: JSONValue?, new: JSONValue?, summary: StepSummary?)] = []
        /// Emits the pending changes; false when `emit` stopped at one.
        func emitPending() throws -> Bool {
            defer { pending.removeAll(keepingCapacity: true) }
            // Each summary and value is moved out, not copied: copies cost
            // about a twentieth of a dense path's time in reference counting.
            var read = try recording.steps(pending.compactMap { $0.summary == nil ? $0.step : nil }, on: timeline)
            read.reverse()
            for index in pending.indices {
                let step = pending[index].step
                guard let summary = pending[index].summary.take() ?? read.popLast() else {
                    throw RecordingError.notFound(timeline.missingStepMessage(step))
                }
                if try !emit(Change(summary: summary, old: pending[index].old.take(), new: pending[index].new.take())) {
                    stoppedAfter = step
                    return false
                }
            }
            return true
        }
        /// Emits a change when the value at the path is not the one before:
        /// at once while every summary is at hand, else once enough wait.
        func record(_ current: JSONValue?, step: Int, _ summary: (() throws -> StepSummary)?) throws -> Bool {
            if current != nil { everSelected = true }
            guard current != previous else { return true }
            pending.append((step, previous, current, try summary?()))
            previous = current
            guard pending.count >= summariesPerRead || (summary != nil && pending.count == 1) else { return true }
            return try emitPending()
        }
        switch strategy {
        case .walk:
            try recording.walk(timeline, range: stretch) { summary, state in
                try record(value(in: state), step: summary.step, { summary })
            }
        case .patches:
            var projection = projection
            projection.reset(to: before)
            // Where the path lives now: a step whose operations cannot reach
            // it (say, under another element than the one holding an id) is
            // not selected again.
            var route = PathRoute(path, in: projection.state)
            // A step that only replaces the value at the path, where the path
            // resolves, gives the new value as it is, and `projection` writes
            // only the last of a run of them (`replaceLater`). A path changed
            // every few steps spent most of its time applying those writes
            // and resolving the path again.
            let leaf = LeafWrite(path)
            // Each change's step metadata comes from the row its patch came from.
            try recording.storedBytesWithSummaries(on: timeline, range: stretch, touching: projection.indexKeys) { step, stored, summary in
                if let leaf, route.tokens.count == leaf.tokens.count, case .operations(let patch) = stored,
                   let written = leaf.value(writtenBy: patch.operations) {
                    projection.replaceLater(at: leaf.pointer, with: written, step: step, timeline: timeline.name)
                    return try record(written, step: step, summary)
                }
                switch try projection.take(stored, step: step, timeline: timeline.name) {
                case .unchanged:
                    return true
                case .changed:
                    if let operations = projection.appliedOperations, !operations.contains(where: route.mayChange(under:)) {
                        return true
                    }
                case .needsWholeState:
                    projection.reset(to: try recording.state(at: step, on: timeline))
                }
                let keepGoing = try record(value(in: projection.state), step: step, summary)
                route = PathRoute(path, in: projection.state)
                return keepGoing
            }
        }
        if stoppedAfter == nil { _ = try emitPending() }
        return (everSelected, stoppedAfter)
    }
}
