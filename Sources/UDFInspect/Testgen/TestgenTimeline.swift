import UDFDiff
import UDFJSON
import UDFLog

/// The steps of a recording that a generated test replays, read through
/// the public `Recording` API and redacted again on the way out.
struct TestgenTimeline {
    /// The recorded state at the range's first step.
    let initialState: JSONValue
    /// The timeline's name.
    let name: String
    let range: ClosedRange<Int>
    let steps: [TestgenStep]
    /// Whether steps after the range were sent by effects of steps inside it.
    let effectsOutliveRange: Bool

    /// Reads `range` of the selected timeline.
    ///
    /// Each state is stored as the RFC 6902 patch from the state before, or
    /// whole where its canonical text is shorter.
    init(_ selection: RecordingSelection, range: ClosedRange<Int>, redaction: IncrementalRedaction) throws(InspectError) {
        self.range = range
        name = selection.timeline.name
        var initial: JSONValue?
        var previous: JSONValue = .null
        var steps: [TestgenStep] = []
        steps.reserveCapacity(range.count - 1)
        do {
            try selection.recording.walk(selection.timeline, range: range) { summary, recorded in
                let state = redaction.redact(recorded)
                defer { previous = state }
                guard summary.step > range.lowerBound else {
                    initial = state
                    return true
                }
                let action = redaction.redactAlone(summary.action ?? .null)
                let patch = JSONPatch.make(from: previous, to: state).jsonValue
                // Untouched by redaction, the state's canonical size is the recorded one.
                let stateSize = state.isIdentical(to: recorded) ? summary.stateSize : state.canonicalBytes.count
                let origin: TestgenStep.Origin
                switch summary.cause {
                case nil: origin = .user
                case let cause? where cause > range.lowerBound: origin = .effect(cause: cause)
                case let cause?: origin = .effectBeforeRange(cause: cause)
                }
                steps.append(TestgenStep(
                    step: summary.step,
                    action: action,
                    actionName: summary.actionName ?? "(no name)",
                    origin: origin,
                    expected: patch.canonicalBytes.count <= stateSize ? .patch(patch) : .state(state),
                    isRedacted: action.holdsRedaction
                ))
                return true
            }
        } catch let error as RecordingError {
            throw InspectError(error)
        } catch {
            throw InspectError.invalidData("\(error)")
        }
        guard let initial else {
            throw InspectError.invalidData("step \(range.lowerBound) of timeline '\(selection.timeline.name)' holds no state")
        }
        initialState = initial
        self.steps = steps
        effectsOutliveRange = try Self.effectsOutlive(range, selection)
    }

    private static func effectsOutlive(_ range: ClosedRange<Int>, _ selection: RecordingSelection) throws(InspectError) -> Bool {
        let last = selection.timeline.lastStep
        guard range.upperBound < last else { return false }
        do {
            let later = try selection.recording.steps(on: selection.timeline, matching: StepQuery(range: (range.upperBound + 1)...last))
            return later.contains { summary in
                summary.cause.map { $0 > range.lowerBound && $0 <= range.upperBound } ?? false
            }
        } catch {
            throw InspectError(error)
        }
    }
}

extension JSONValue {
    /// Whether the redaction placeholder appears anywhere inside this value.
    fileprivate var holdsRedaction: Bool {
        switch self {
        case .string(let text): text.utf8.elementsEqual(Redactor.placeholder.stringValue?.utf8 ?? "".utf8)
        case .object(let members): members.values.contains { $0.holdsRedaction }
        case .array(let elements): elements.contains { $0.holdsRedaction }
        default: false
        }
    }
}
