/// A step named on the command line: `40`, `last` or `last~3` (see
/// `StepPosition`), or `fix@40` for a step of another timeline.
struct StepReference: Equatable, CustomStringConvertible {
    let timeline: String?
    let position: StepPosition

    /// Parses `text`, or returns nil when it is not a step reference.
    init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let position = StepPosition(parts.count == 2 ? parts[1] : parts[0]) else { return nil }
        if parts.count == 2 {
            guard !parts[0].isEmpty else { return nil }
            timeline = String(parts[0])
        } else {
            timeline = nil
        }
        self.position = position
    }

    init(timeline: String?, position: StepPosition) {
        self.timeline = timeline
        self.position = position
    }

    var description: String {
        timeline.map { "\($0)@\(position)" } ?? "\(position)"
    }

    /// What a step looks like, for the messages that ask for one.
    static let forms = "a number such as 40, last or last~2, or TIMELINE@STEP such as fix@40"
}

extension StepReference {
    /// `text` as a step reference, or a usage error that says what a step looks like.
    static func parse(_ text: String, _ arguments: ParsedArguments) throws(UsageError) -> StepReference {
        guard let reference = StepReference(text) else {
            throw arguments.usageError("'\(text)' is not a step: use \(forms)")
        }
        return reference
    }
}

extension ParsedArguments {
    /// The positional `name` as a step reference.
    func stepReference(_ name: String) throws(UsageError) -> StepReference? {
        guard let text = positional(name) else { return nil }
        return try StepReference.parse(text, self)
    }
}

extension OptionKey where Value == StepReference? {
    /// An option whose value is a step such as `40`, `last~2` or `fix@40`.
    static func step(_ names: String..., help: String, defaultDescription: String? = nil) -> OptionKey {
        let spec = OptionSpec(names: names, valueName: "step", help: help, defaultDescription: defaultDescription)
        return OptionKey(spec) { (values, arguments) throws(UsageError) -> StepReference? in
            guard let text = values.last else { return nil }
            return try StepReference.parse(text, arguments)
        }
    }
}
