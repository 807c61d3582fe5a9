import UDFLog

/// Where a step is on its timeline: a number (`40`), or counted back from
/// the timeline's last step as git counts back from `HEAD` (`last`, `last~3`).
enum StepPosition: Equatable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    case number(Int)
    /// So many steps before the last one.
    case beforeLast(Int)

    init(integerLiteral value: Int) {
        self = .number(value)
    }

    /// Parses `text`, or returns nil when it is not a position.
    init?(_ text: Substring) {
        if let number = Int(text), number >= 0 {
            self = .number(number)
        } else if text == "last" {
            self = .beforeLast(0)
        } else if text.hasPrefix("last~"), let back = Int(text.dropFirst(5)), back >= 0, text.dropFirst(5).allSatisfy(\.isASCIIDigit) {
            self = .beforeLast(back)
        } else {
            return nil
        }
    }

    var description: String {
        switch self {
        case .number(let step): "\(step)"
        case .beforeLast(0): "last"
        case .beforeLast(let back): "last~\(back)"
        }
    }

    /// The step's number on a timeline whose last step is `lastStep`, or nil
    /// for a count back past step 0. A number is returned as it is: the
    /// caller says when the timeline does not hold it.
    func step(lastStep: Int) -> Int? {
        switch self {
        case .number(let step): step
        case .beforeLast(let back): back <= lastStep ? lastStep - back : nil
        }
    }

    /// The step's number as where a range starts (`--from`): a count back
    /// past step 0 starts at 0, as `log --last 50` lists a shorter log whole.
    func start(lastStep: Int) -> Int {
        step(lastStep: lastStep) ?? 0
    }

    /// The step's number on `timeline`, or the one line saying it has none such.
    func step(on timeline: TimelineInfo) throws(InspectError) -> Int {
        guard let step = step(lastStep: timeline.lastStep) else {
            throw InspectError.badArgument(TimelineInfo.missingStepMessage(self, timeline: timeline.name, lastStep: timeline.lastStep))
        }
        return step
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension OptionKey where Value == StepPosition? {
    /// An option whose value is a step of the timeline read: `40`, `last` or `last~2`.
    static func position(_ names: String..., help: String, defaultDescription: String? = nil) -> OptionKey {
        let spec = OptionSpec(names: names, valueName: "step", help: help, defaultDescription: defaultDescription)
        return OptionKey(spec) { (values, arguments) throws(UsageError) -> StepPosition? in
            guard let text = values.last else { return nil }
            guard let position = StepPosition(Substring(text)) else {
                throw arguments.usageError("'\(text)' is not a step for '\(spec.synopsis)': use a number such as 40, last or last~2")
            }
            return position
        }
    }
}
