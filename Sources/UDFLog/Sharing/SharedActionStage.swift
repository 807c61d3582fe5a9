import UDFJSON

/// The second stage of an export's walk: parses each walked step's action,
/// redacts it and counts what redaction replaced. It keeps its verdicts by
/// key from step to step; use one per walk, from one thread at a time.
final class SharedActionStage {
    private let redaction: IncrementalRedaction
    /// Values redaction replaced in the actions so far.
    private(set) var redactedCount = 0

    init(redactor: Redactor) {
        redaction = IncrementalRedaction(redactor: redactor)
    }

    /// `walked` with its action parsed and redacted, and its stored text
    /// where that is the redacted action's canonical text; a stored action
    /// that is not JSON is a corrupt step.
    func step(_ walked: WalkedStep) throws(RecordingError) -> SharedStep {
        var action: JSONValue?
        var canonicalText: [UInt8]?
        if let text = walked.actionText {
            let (original, isCanonical) = try StepRow.action(notingCanonical: text, step: walked.recordedStep, timelineID: walked.timelineID)
            let safe = redaction.redactAlone(original)
            if safe.isIdentical(to: original) {
                if isCanonical { canonicalText = text }
            } else {
                redactedCount += Recording.replacements(from: original, to: safe)
            }
            action = safe
        }
        let input = StepInput(
            step: walked.number,
            time: walked.time,
            action: action,
            actionName: walked.actionName,
            cause: walked.cause,
            reducerNanoseconds: walked.reducerNanoseconds,
            state: walked.state
        )
        return SharedStep(input, stored: walked.stored, actionText: canonicalText)
    }
}
