import Foundation
import UDF
import UDFDiff
import UDFJSON
import UDFLog

/// Re-runs a timeline's recorded actions through a reducer, optionally with
/// edits, to check that the reducer is deterministic or to write a branch
/// with recomputed states.
///
/// Effects are not executed. The recorded actions, including those that
/// effects sent, are the whole input; the effects a reducer returns during a
/// replay are dropped, so that a replay does no I/O and sends nothing twice.
///
/// A recorded action that was redacted (it holds `"<redacted>"` and no longer
/// decodes into `Action`) cannot be re-run. Its recorded change, the patch
/// between the recorded states around it, is applied to the replayed state
/// instead, and the report lists the step in `reappliedSteps`.
///
/// For example:
/// ```swift
/// let replayer = Replayer(reducer: fixedAppReducer)
/// var edits = ReplayEdits()
/// edits.skipped = [11]
/// let report = try replayer.replay(path: "todo.udf", edits: edits, into: "without-11")
/// ```
public struct Replayer<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
    public let reducer: Reducer<State, Action>
    /// Applied to every replayed state and action, as the recorder applied it.
    public let redactor: Redactor

    public init(reducer: Reducer<State, Action>, redactor: Redactor = Redactor()) {
        self.reducer = reducer
        self.redactor = redactor
    }

    /// Re-runs every recorded action of `timeline` from step 0 and compares
    /// each replayed state with the recorded one.
    ///
    /// - Returns: a report whose `divergence` is the first step that differs,
    ///   or nil when the reducer reproduced every state.
    /// - Throws: `RecordingError` for an unreadable recording, `ReplayError`
    ///   for recorded data that does not decode into `State` or `Action`.
    public func verify(path: String, session: Int? = nil, timeline: String? = nil, reducerName: String = "reducer") throws -> ReplayReport {
        let (recording, chosenSession, chosenTimeline) = try Self.open(path, session, timeline)
        let initial = try recording.state(at: 0, on: chosenTimeline)
        let decoded = try Resume<State>.decode(initial, step: 0, timeline: chosenTimeline.name)
        let roundTrip = try encode(decoded)
        var divergence: ReplayDivergence?
        var count = 0
        if roundTrip.stateHash != initial.stateHash {
            divergence = ReplayDivergence(step: 0, action: nil, recorded: initial, replayed: roundTrip)
        }
        var reapplied: [Int] = []
        // The stored hashes are the session's algorithm's.
        let hashAlgorithm = try recording.stateHashAlgorithm(ofSession: chosenSession.id)
        if divergence == nil {
            reapplied = try run(recording, chosenTimeline, from: 0, edits: ReplayEdits()) { step in
                count += 1
                guard let recorded = step.recorded, let recordedState = step.recordedState else { return true }
                guard hashAlgorithm.hash(of: step.stateJSON) != recorded.stateHash else { return true }
                divergence = ReplayDivergence(step: step.step, action: recorded.action, recorded: recordedState, replayed: step.stateJSON)
                return false
            }
        }
        return ReplayReport(
            sessionID: chosenSession.id, timeline: chosenTimeline.name, reducer: reducerName, fromStep: 0,
            stepsReplayed: count, reappliedSteps: reapplied, divergence: divergence, branch: nil
        )
    }

    /// Replays `timeline` from step `from` with `edits` and writes the
    /// recomputed steps into the new branch `name`, forked at `from`.
    ///
    /// Nothing is written unless the whole replay succeeds: the steps go in
    /// one transaction at the end.
    ///
    /// - Parameter from: the fork step; by default the step before the first
    ///   edit, or 0 without edits.
    /// - Throws: `RecordingError.invalidArgument` for a taken branch name, an
    ///   edit that cannot apply or an edited action that does not decode;
    ///   `.notFound` for a step beyond the end; `ReplayError` for recorded data
    ///   that does not decode into `State` or `Action`.
    @discardableResult
    public func replay(
        path: String,
        session: Int? = nil,
        timeline: String? = nil,
        from: Int? = nil,
        edits: ReplayEdits = ReplayEdits(),
        into name: String,
        reducerName: String = "reducer"
    ) throws -> ReplayReport {
        let (recording, chosenSession, chosenTimeline) = try Self.open(path, session, timeline)
        try RecordingBranches.validate(name: name)
        if (try? recording.timeline(name, in: chosenSession)) != nil {
            throw RecordingError.invalidArgument("a timeline named '\(name)' already exists in session \(chosenSession.id); choose another name")
        }
        // Steps beyond the end first, so the error names the step the user gave.
        try edits.validate(from: -1, last: chosenTimeline.lastStep, timeline: chosenTimeline.name)
        let fork = from ?? edits.steps.first.map { $0 - 1 } ?? 0
        guard fork >= 0, fork <= chosenTimeline.lastStep else {
            throw RecordingError.notFound(chosenTimeline.missingStepMessage(fork))
        }
        var inputs: [StepInput] = []
        let replayedAt = Date()
        let reapplied = try run(recording, chosenTimeline, from: fork, edits: edits) { step in
            inputs.append(StepInput(
                step: step.step, time: replayedAt, action: step.action, actionName: step.actionName,
                cause: step.cause, reducerNanoseconds: step.reducerNanoseconds, state: step.stateJSON
            ))
            return true
        }
        let writer = try RecordingWriter(
            path: path, session: chosenSession.id, timeline: chosenTimeline.name, at: fork, into: name, existing: .refuse
        )
        try writer.append(inputs)
        try writer.close()
        let branch = try Recording(path: path).timeline(id: writer.timelineID)
        return ReplayReport(
            sessionID: chosenSession.id, timeline: chosenTimeline.name, reducer: reducerName, fromStep: fork,
            stepsReplayed: inputs.count, reappliedSteps: reapplied, divergence: nil, branch: branch
        )
    }

    /// The states a replay gives, in order, without writing anything.
    public func states(
        path: String,
        session: Int? = nil,
        timeline: String? = nil,
        from: Int = 0,
        edits: ReplayEdits = ReplayEdits()
    ) throws -> [State] {
        let (recording, _, chosenTimeline) = try Self.open(path, session, timeline)
        var states: [State] = []
        _ = try run(recording, chosenTimeline, from: from, edits: edits) { step in
            states.append(step.state)
            return true
        }
        return states
    }

    private static func open(_ path: String, _ session: Int?, _ timeline: String?) throws -> (Recording, SessionInfo, TimelineInfo) {
        let recording = try Recording(path: path)
        let chosenSession = try recording.session(session)
        try ReplayError.requireCodable(chosenSession)
        return (recording, chosenSession, try recording.timeline(timeline, in: chosenSession))
    }

    /// Runs the edited action list from the recorded state at `from`, handing
    /// each replayed step to `body` until it returns false.
    ///
    /// - Returns: the recorded steps whose change was reapplied.
    func run(
        _ recording: Recording,
        _ timeline: TimelineInfo,
        from: Int,
        edits: ReplayEdits,
        _ body: (ReplayedStep<State>) throws -> Bool
    ) throws -> [Int] {
        let last = timeline.lastStep
        try edits.validate(from: from, last: last, timeline: timeline.name)
        let start = try recording.state(at: from, on: timeline)
        var state = try Resume<State>.decode(start, step: from, timeline: timeline.name)
        var recordedBefore = start
        var next = from + 1
        var renumbered: [Int: Int] = [:]
        var reapplied: [Int] = []
        var stopped = false

        // One action through the reducer (or, for a redacted one, its recorded change).
        func emit(_ action: JSONValue, cause: Int?, recorded: StepSummary?, recordedState: JSONValue?) throws {
            let reducerNanoseconds: Int
            if let decoded = try decodeAction(action, step: next, recorded: recorded, timeline: timeline.name) {
                var reduced = state
                let duration = ContinuousClock().measure {
                    // Effects are dropped: the recorded actions are the input.
                    _ = reducer.reduce(into: &reduced, action: decoded)
                }
                state = reduced
                reducerNanoseconds = Int(nanoseconds: duration)
            } else {
                state = try reapply(recorded: recorded, before: recordedBefore, after: recordedState, to: state, timeline: timeline.name)
                reapplied.append(recorded?.step ?? next)
                reducerNanoseconds = 0
            }
            let step = ReplayedStep(
                step: next, action: redactor.redact(action).value, actionName: ActionName.of(action), cause: cause,
                state: state, stateJSON: try encode(state), reducerNanoseconds: reducerNanoseconds,
                recorded: recorded, recordedState: recordedState
            )
            next += 1
            if try !body(step) { stopped = true }
        }

        func mapCause(_ cause: Int?) -> Int? {
            guard let cause else { return nil }
            return cause <= from ? cause : renumbered[cause]
        }

        if from < last {
            try recording.walk(timeline, range: (from + 1)...last) { summary, recorded in
                for inserted in edits.insertions[summary.step] ?? [] where !stopped {
                    try emit(inserted, cause: nil, recorded: nil, recordedState: nil)
                }
                defer { recordedBefore = recorded }
                guard !stopped else { return false }
                guard !edits.skipped.contains(summary.step) else { return true }
                renumbered[summary.step] = next
                if let replacement = edits.replacements[summary.step] {
                    try emit(replacement, cause: mapCause(summary.cause), recorded: nil, recordedState: nil)
                } else {
                    try emit(summary.action ?? .null, cause: mapCause(summary.cause), recorded: summary, recordedState: recorded)
                }
                return !stopped
            }
        }
        for inserted in edits.insertions[last + 1] ?? [] where !stopped {
            try emit(inserted, cause: nil, recorded: nil, recordedState: nil)
        }
        return reapplied
    }

    /// The action as `Action`, or nil for a redacted recorded action that must be reapplied.
    private func decodeAction(_ action: JSONValue, step: Int, recorded: StepSummary?, timeline: String) throws -> Action? {
        do {
            return try JSONValueDecoder().decode(Action.self, from: action)
        } catch {
            guard let recorded else {
                throw RecordingError.invalidArgument(
                    "the action \(action.canonicalText) given for step \(step) does not decode into \(Action.self): \(error)"
                )
            }
            if action.contains(Redactor.placeholder) { return nil }
            throw ReplayError.actionMismatch(step: recorded.step, timeline: timeline, type: String(describing: Action.self), reason: "\(error)")
        }
    }

    /// Applies a redacted step's recorded change to the replayed state.
    private func reapply(recorded: StepSummary?, before: JSONValue, after: JSONValue?, to state: State, timeline: String) throws -> State {
        let step = recorded?.step ?? -1
        guard let after else { return state }
        let patch = JSONPatch.make(from: before, to: after)
        let changed: JSONValue
        do {
            changed = try patch.apply(to: try encode(state))
        } catch {
            throw ReplayError.actionMismatch(
                step: step, timeline: timeline, type: String(describing: Action.self),
                reason: "it was redacted, and its recorded change does not apply to the replayed state: \(error)"
            )
        }
        return try Resume<State>.decode(changed, step: step, timeline: timeline)
    }

    /// The state as the recorder stores it: encoded, then redacted.
    private func encode(_ state: State) throws -> JSONValue {
        redactor.redact(try JSONValueEncoder().encode(state)).value
    }
}

extension JSONValue {
    /// Whether `value` appears anywhere inside this value, itself included.
    func contains(_ value: JSONValue) -> Bool {
        if self == value { return true }
        switch self {
        case .object(let members): return members.values.contains { $0.contains(value) }
        case .array(let elements): return elements.contains { $0.contains(value) }
        default: return false
        }
    }
}
