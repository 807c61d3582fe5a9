import UDFDiff
import UDFJSON

/// A stretch of a recording as a generated test carries it: the state at
/// its first step, then one JSON line per step.
///
/// `udf-inspect testgen` writes these literals; ``TestStore/play(_:fileID:filePath:line:column:)``
/// and ``ReplayCheck`` run them. Each step line holds the step number, the
/// action under `send` (sent from outside) or `receive` (sent by the effect
/// of step `cause`), and the state after it, as an RFC 6902 `patch` from the
/// state before or whole under `state`:
///
/// ```swift
/// let timeline = try RecordedTimeline(
///     firstStep: 0,
///     initialState: #"{"count":0}"#,
///     steps: [
///         #"{"step":1,"send":{"increment":{}},"patch":[{"op":"replace","path":"/count","value":1}]}"#,
///         #"{"step":2,"receive":{"response":{"_0":2}},"cause":1,"state":{"count":2}}"#,
///     ]
/// )
/// ```
///
/// The recording is redacted: `"<redacted>"` stands for a value it never
/// held, and matches any value when states and actions are compared.
public struct RecordedTimeline: Sendable, Equatable {
    /// The text that a redacted value holds in a recording.
    public static let redactedValue = "<redacted>"

    /// The step of ``initialState``; the first of ``steps`` is the one after it.
    public let firstStep: Int
    /// The recorded state at ``firstStep``.
    public let initialState: JSONValue
    public let steps: [RecordedStep]
    /// Whether the recording goes on with actions that effects of these steps
    /// sent. A test store then drops what it has not received at the end,
    /// instead of failing.
    public let effectsOutliveRange: Bool

    /// Reads the literals of a generated test.
    ///
    /// - Throws: ``RecordedTimelineError/invalidData(_:)`` naming the step
    ///   whose line is not valid, or whose patch does not apply.
    public init(
        firstStep: Int = 0,
        initialState: String,
        steps: [String],
        effectsOutliveRange: Bool = false
    ) throws(RecordedTimelineError) {
        self.firstStep = firstStep
        self.effectsOutliveRange = effectsOutliveRange
        do {
            self.initialState = try JSONParser().parse(initialState)
        } catch {
            throw .invalidData("the initial state is not valid JSON: \(error)")
        }
        var previous = self.initialState
        var parsed: [RecordedStep] = []
        parsed.reserveCapacity(steps.count)
        for line in steps {
            let step = try Self.parse(line, expectedStep: firstStep + parsed.count + 1, previous: previous)
            parsed.append(step)
            previous = step.state
        }
        self.steps = parsed
    }

    private static func parse(_ line: String, expectedStep: Int, previous: JSONValue) throws(RecordedTimelineError) -> RecordedStep {
        let value: JSONValue
        do {
            // A step's line holds its state, or its patch's operations, a few levels in.
            value = try JSONParser(limits: .carryingStates(within: 4)).parse(line)
        } catch {
            throw .invalidData("the line of step \(expectedStep) is not valid JSON: \(error)")
        }
        guard let number = value["step"]?.numberValue?.intValue, number == expectedStep else {
            throw .invalidData("the line of step \(expectedStep) holds step \(value["step"]?.canonicalText ?? "(none)"); steps must follow one another")
        }
        let action: JSONValue
        let origin: RecordedStep.Origin
        switch (value["send"], value["receive"]) {
        case (let sent?, nil):
            action = sent
            origin = .sent
        case (nil, let received?):
            guard let cause = value["cause"]?.numberValue?.intValue, cause < number else {
                throw .invalidData("step \(number) is received but names no earlier step as its cause")
            }
            action = received
            origin = .received(cause: cause)
        default:
            throw .invalidData("step \(number) needs exactly one of \"send\" and \"receive\"")
        }
        let state: JSONValue
        let change: JSONPatch
        switch (value["patch"], value["state"]) {
        case (let patch?, nil):
            do {
                change = try JSONPatch(jsonValue: patch)
                state = try change.apply(to: previous)
            } catch {
                throw .invalidData("the patch of step \(number) does not apply to the state before it: \(error)")
            }
        case (nil, let whole?):
            state = whole
            change = JSONPatch.make(from: previous, to: whole)
        default:
            throw .invalidData("step \(number) needs exactly one of \"patch\" and \"state\"")
        }
        return RecordedStep(step: number, action: action, origin: origin, state: state, change: change)
    }
}
