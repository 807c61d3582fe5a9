import Foundation
import UDFJSON

/// The second stage of an export's walk: parses each walked step's action,
/// redacts it and counts what redaction replaced. It keeps its verdicts by
/// key from step to step; use one per walk, from one thread at a time.
///
/// What a stored text parses and redacts to depends on its bytes alone, so
/// a text seen before is not parsed again (`TextMemo`).
final class SharedActionStage {
    private let redaction: IncrementalRedaction
    /// Values redaction replaced in the actions so far.
    private(set) var redactedCount = 0
    private let remembered = TextMemo<Remembered>(slots: 256, longest: 1_024)

    private struct Remembered {
        let action: JSONValue
        let replacements: Int
        let isCanonicalAsRedacted: Bool
    }

    init(redactor: Redactor) {
        redaction = IncrementalRedaction(redactor: redactor)
    }

    /// `walked` with its action parsed and redacted, and its stored text
    /// where that is the redacted action's canonical text; a stored action
    /// that is not JSON is a corrupt step.
    func step(_ walked: WalkedStep) throws(RecordingError) -> SharedStep {
        guard case .built(let state) = walked.state else {
            throw .corruptStep(step: walked.recordedStep, timeline: walked.timeline, reason: "its state was not built")
        }
        let (action, canonicalText) = try self.action(of: walked)
        let input = StepInput(
            step: walked.number,
            time: walked.time,
            action: action,
            actionName: walked.actionName,
            cause: walked.cause,
            reducerNanoseconds: walked.reducerNanoseconds,
            state: state
        )
        return SharedStep(input, stored: walked.stored, actionText: canonicalText)
    }

    /// `step(_:)` for a walk of state texts: the state comes as `canonicalState`.
    func step(_ walked: WalkedStep, canonicalState: [UInt8]) throws(RecordingError) -> SharedStepText {
        let (action, canonicalText) = try self.action(of: walked)
        return SharedStepText(
            step: walked.number,
            time: walked.time,
            action: action,
            actionName: walked.actionName,
            cause: walked.cause,
            reducerNanoseconds: walked.reducerNanoseconds,
            canonicalState: canonicalState,
            stored: walked.stored,
            actionText: canonicalText
        )
    }

    /// The step's action, redacted, and its stored text when that is the
    /// redacted action's canonical text.
    private func action(of walked: WalkedStep) throws(RecordingError) -> (action: JSONValue?, canonicalText: [UInt8]?) {
        guard let text = walked.actionText else { return (nil, nil) }
        let parsed = try self.parsed(text, step: walked)
        redactedCount += parsed.replacements
        return (parsed.action, parsed.isCanonicalAsRedacted ? text : nil)
    }

    private func parsed(_ text: [UInt8], step walked: WalkedStep) throws(RecordingError) -> Remembered {
        try remembered.value(of: text) { text throws(RecordingError) in try parse(text, step: walked) }
    }

    private func parse(_ text: [UInt8], step walked: WalkedStep) throws(RecordingError) -> Remembered {
        let (original, isCanonical) = try StepRow.action(notingCanonical: text, step: walked.recordedStep, timeline: walked.timeline)
        let safe = redaction.redactAlone(original)
        let unchanged = safe.isIdentical(to: original)
        return Remembered(
            action: safe,
            replacements: unchanged ? 0 : Recording.replacements(from: original, to: safe),
            isCanonicalAsRedacted: unchanged && isCanonical
        )
    }
}
