import UDFLog

/// `--from` and `--to` as given: numbers, or positions counted back from
/// the last step (`last~10`), resolved on each timeline read.
struct StepBounds: Equatable {
    let from: StepPosition?
    let to: StepPosition?

    /// Refuses `--to` before `--from` where that shows without a timeline:
    /// two numbers, or two counts back.
    init(from: StepPosition?, to: StepPosition?, _ arguments: ParsedArguments) throws(UsageError) {
        if let from, let to, Self.plainlyBefore(to, from) {
            throw arguments.usageError(Self.outOfOrder(to: "\(to)", from: "\(from)"))
        }
        self.from = from
        self.to = to
    }

    var isGiven: Bool { from != nil || to != nil }

    /// The first step (0 when not given; a count back past step 0 starts at
    /// 0) and the last one (nil when not given) on `timeline`.
    ///
    /// - Throws: `InspectError.badArgument` when `--to` counts back past step
    ///   0, or falls before `--from`.
    func resolved(on timeline: TimelineInfo) throws(InspectError) -> (from: Int, to: Int?) {
        let first = from?.start(lastStep: timeline.lastStep) ?? 0
        let last = try to.map { position throws(InspectError) in try position.step(on: timeline) }
        if let last, let to, last < first {
            throw InspectError.badArgument(Self.outOfOrder(to: Self.described(to, last), from: Self.described(from ?? 0, first)))
        }
        return (first, last)
    }

    private static func plainlyBefore(_ a: StepPosition, _ b: StepPosition) -> Bool {
        switch (a, b) {
        case (.number(let a), .number(let b)): a < b
        case (.beforeLast(let a), .beforeLast(let b)): a > b
        default: false
        }
    }

    private static func outOfOrder(to: String, from: String) -> String {
        "'--to' (\(to)) must not be before '--from' (\(from))"
    }

    /// `last~2, step 38`, or a number alone.
    private static func described(_ position: StepPosition, _ step: Int) -> String {
        position == .number(step) ? "\(step)" : "\(position), step \(step)"
    }
}
