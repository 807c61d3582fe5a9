import UDFLog

/// `--from` and `--to` as given: numbers, or positions counted back from
/// the last step (`last~10`), resolved on each timeline read.
struct StepBounds: Equatable {
    let from: StepPosition?
    let to: StepPosition?

    /// Refuses `--to` before `--from` where that shows without a timeline.
    init(from: StepPosition?, to: StepPosition?, _ arguments: ParsedArguments) throws(UsageError) {
        switch (from, to) {
        case (.number(let first)?, .number(let last)?) where last < first,
             (.beforeLast(let first)?, .beforeLast(let last)?) where last > first:
            throw arguments.usageError("'--to' (\(to!)) must not be before '--from' (\(from!))")
        default:
            break
        }
        self.from = from
        self.to = to
    }

    var isGiven: Bool { from != nil || to != nil }

    /// The first step (0 when not given; a count back past step 0 starts at
    /// 0) and the last one (nil when not given) on a timeline whose last step
    /// is `lastStep`.
    ///
    /// - Throws: `InspectError.badArgument` when `--to` counts back past step
    ///   0, or falls before `--from`.
    func resolved(on timeline: TimelineInfo) throws(InspectError) -> (from: Int, to: Int?) {
        let first = from?.start(lastStep: timeline.lastStep) ?? 0
        let last = try to.map { position throws(InspectError) in try position.step(on: timeline) }
        if let last, last < first {
            throw InspectError.badArgument(
                "'--to' (\(Self.described(to!, last))) must not be before '--from' (\(Self.described(from ?? 0, first)))"
            )
        }
        return (first, last)
    }

    /// `last~2 = step 38`, or a number alone.
    private static func described(_ position: StepPosition, _ step: Int) -> String {
        position == .number(step) ? "\(step)" : "\(position), step \(step)"
    }
}
