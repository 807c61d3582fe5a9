import Foundation
import UDFDiff
import UDFJSON

/// Where an export starts and how its steps are renumbered.
public struct ShareRange: Sendable, Equatable {
    /// The steps asked for.
    public let wanted: ClosedRange<Int>
    /// The recorded step that becomes exported step 0: the first wanted step,
    /// or the one before it when the range starts after step 0.
    public let offset: Int

    /// Exported steps 0…`exportedLastStep`.
    public var exportedLastStep: Int { wanted.upperBound - offset }
    public var exportedCount: Int { exportedLastStep + 1 }
}

extension Recording {
    /// Checks `range` against the timeline and says how it is renumbered.
    public func shareRange(_ range: ClosedRange<Int>?, of timeline: TimelineInfo) throws(RecordingError) -> ShareRange {
        guard timeline.lastStep >= 0 else {
            throw RecordingError.notFound("timeline '\(timeline.name)' has no steps to export")
        }
        let wanted = range ?? 0...timeline.lastStep
        guard wanted.lowerBound >= 0, wanted.upperBound <= timeline.lastStep else {
            throw RecordingError.notFound("steps \(wanted.lowerBound)…\(wanted.upperBound) are not all in timeline '\(timeline.name)', which has \(timeline.stepsText)")
        }
        return ShareRange(wanted: wanted, offset: wanted.lowerBound == 0 ? 0 : wanted.lowerBound - 1)
    }

    /// What an export says about its session: the recorded session, the
    /// timeline and range it came from, and the host's metadata, redacted.
    ///
    /// - Returns: The session and how many values `redactor` replaced in its metadata.
    public func sharedSession(
        _ session: SessionInfo, timeline: TimelineInfo, range: ShareRange, redactor: Redactor = Redactor()
    ) throws(RecordingError) -> (session: SharedSession, redactedCount: Int) {
        var metadata: [String: JSONValue] = [
            "source": [
                "session": .number(JSONNumber(session.id)),
                "timeline": .string(timeline.name),
                "firstStep": .number(JSONNumber(range.offset)),
                "lastStep": .number(JSONNumber(range.wanted.upperBound)),
            ],
        ]
        var redactedCount = 0
        if let hostMetadata = try storedMetadata(of: session) {
            let safe = redactor.redact(hostMetadata)
            redactedCount += safe.count
            metadata["host"] = safe.value
        }
        // The facts that change what steps mean travel at the top, renumbered.
        var facts = try self.facts(of: session, timeline: timeline)
        facts.skippedSteps = Set(facts.skippedSteps.filter { $0 > range.offset && $0 <= range.wanted.upperBound }.map { $0 - range.offset })
        metadata.merge(facts.metadataMembers) { _, new in new }
        let shared = SharedSession(
            app: session.app,
            host: session.host,
            startedAt: session.startedAt,
            endedAt: session.endedAt,
            timelineName: timeline.name,
            metadata: .object(metadata)
        )
        return (shared, redactedCount)
    }

    /// What `session`'s metadata says about the steps of `timeline`. Skipped
    /// steps are those of the imported main timeline, so only it has any.
    public func facts(of session: SessionInfo, timeline: TimelineInfo? = nil) throws(RecordingError) -> SessionFacts {
        var facts = SessionFacts(metadata: try storedMetadata(of: session))
        if let timeline, timeline.parentID != nil { facts.skippedSteps = [] }
        return facts
    }

    /// Visits the exported steps of `range` in order, renumbered from 0 and
    /// redacted again, holding only the current state: the streaming side of
    /// every export.
    ///
    /// A branch comes flattened with the steps it inherits. When the range
    /// starts after step 0, the state before its first step becomes step 0,
    /// and a cause that points before the range becomes null.
    ///
    /// - Returns: How many values `redactor` replaced, over every action and state.
    @discardableResult
    public func walkShared(
        _ timeline: TimelineInfo, range: ShareRange, redactor: Redactor = Redactor(), _ body: (StepInput) throws -> Void
    ) throws -> Int {
        try walkSharedSteps(timeline, range: range, redactor: redactor) { step in try body(step.input) }
    }

    /// `walkShared`, handing each step over with its state's canonical bytes.
    ///
    /// The walk runs on a thread of its own while `body` and the canonical
    /// text run on the calling thread (`walkSharedStepsOverlapped`).
    @discardableResult
    public func walkSharedCanonical(
        _ timeline: TimelineInfo, range: ShareRange, redactor: Redactor = Redactor(),
        _ body: (_ step: SharedStep, _ canonicalState: [UInt8]) throws -> Void
    ) throws -> Int {
        let writer = IncrementalCanonicalWriter()
        return try walkSharedStepsOverlapped(timeline, range: range, redactor: redactor) { step in
            try body(step, writer.write(step.input.state))
        }
    }

    /// `walkSharedCanonical` for writers that need each state's text alone.
    ///
    /// Where the stored text proves that redaction leaves a state as stored,
    /// the reading thread hands on the stored keyframe or patch instead of
    /// rebuilding the state, and the calling thread makes the canonical text
    /// from it (`SharedStateTextStage`): a patch is spliced into the previous
    /// text. The texts, errors and redaction counts are `walkSharedCanonical`'s.
    @discardableResult
    public func walkSharedStateTexts(
        _ timeline: TimelineInfo, range: ShareRange, redactor: Redactor = Redactor(),
        _ body: (SharedStepText) throws -> Void
    ) throws -> Int {
        let actions = SharedActionStage(redactor: redactor)
        let states = SharedStateTextStage()
        let stateRedactions = try overlapped({ recording, emit in
            try recording.walkSharedStates(timeline, range: range, redactor: redactor, statesAsText: true, emit)
        }, consume: { walked in
            // The state first: a broken state fails before its action, as in the plain walk.
            let canonical = try states.canonicalState(of: walked)
            try body(actions.step(walked, canonicalState: canonical))
        })
        return stateRedactions + actions.redactedCount
    }

    /// `walkSharedSteps` with its reading on a thread of its own, and the
    /// actions' parsing and redaction with `body` on the calling thread: an
    /// export reads and writes at once, on two cores.
    ///
    /// The recording is used by that thread alone until this returns; the
    /// caller must not use it from `body`.
    @discardableResult
    public func walkSharedStepsOverlapped(
        _ timeline: TimelineInfo, range: ShareRange, redactor: Redactor = Redactor(),
        _ body: (SharedStep) throws -> Void
    ) throws -> Int {
        let actions = SharedActionStage(redactor: redactor)
        let stateRedactions = try overlapped({ recording, emit in
            try recording.walkSharedStates(timeline, range: range, redactor: redactor, emit)
        }, consume: { walked in
            try body(actions.step(walked))
        })
        return stateRedactions + actions.redactedCount
    }

    /// Visits the exported steps of `range` in order, renumbered from 0 and
    /// redacted again, with how the file stores each state where redaction
    /// left it as recorded, so a copy can keep the stored hash and text
    /// instead of making them again.
    ///
    /// - Returns: How many values `redactor` replaced, over every action and state.
    @discardableResult
    public func walkSharedSteps(
        _ timeline: TimelineInfo, range: ShareRange, redactor: Redactor = Redactor(),
        _ body: (SharedStep) throws -> Void
    ) throws -> Int {
        let actions = SharedActionStage(redactor: redactor)
        let stateRedactions = try walkSharedStates(timeline, range: range, redactor: redactor) { walked in
            try body(actions.step(walked))
        }
        return stateRedactions + actions.redactedCount
    }

    /// The reading stage of `walkSharedSteps`: rows, states and their
    /// redaction, leaving each action as its stored text.
    ///
    /// The read side's speed carries through: states come out of the cursor
    /// patched in place, and `IncrementalRedaction` keeps every unchanged
    /// subtree shared with the previous state, so a canonical writer copies
    /// its bytes and `SharingAwarePatch` skips it in O(1). Where the stored
    /// text since the last keyframe proves that no key is secret
    /// (`SecretKeyScan`), the state is not walked at all. What was redacted
    /// is counted only where the redacted state differs from the stored one.
    ///
    /// - Parameter statesAsText: Whether a state that redaction leaves as
    ///   stored may come unbuilt, as its stored text alone (`WalkedState`),
    ///   for `SharedStateTextStage` to make its canonical text. It does
    ///   where the text proves the state needs no redaction, and the state
    ///   before it came as stored too, so that its patch means the same.
    /// - Returns: How many values `redactor` replaced in the states.
    func walkSharedStates(
        _ timeline: TimelineInfo, range: ShareRange, redactor: Redactor, statesAsText: Bool = false,
        _ body: (WalkedStep) throws -> Void
    ) throws -> Int {
        let offset = range.offset
        var redactedCount = 0
        let stateRedaction = IncrementalRedaction(redactor: redactor)
        let keyScan = redactor.hasPathRules ? nil : SecretKeyScan(redactor: redactor)
        // Proven from the stored text since the last keyframe: no key of the
        // state is secret, so redaction would return it as it is.
        var holdsNoSecretKey = false
        var previousAsStored = false
        let cursor = try cursor(for: timeline)
        try cursor.walkStored(range: offset...range.wanted.upperBound) { row, text, buildState, _ in
            let recordedStep = row.int(.step)
            let number = recordedStep - offset
            if let keyScan {
                switch text {
                case .keyframe(let bytes): holdsNoSecretKey = !keyScan.mayBringSecretKey(bytes)
                case .patch(let bytes): holdsNoSecretKey = holdsNoSecretKey && !keyScan.mayBringSecretKey(bytes)
                }
            }
            // A patch means the same only from the same previous state; a
            // keyframe means the same anywhere.
            let keepsText: Bool
            switch text {
            case .keyframe: keepsText = true
            case .patch: keepsText = number > 0 && previousAsStored
            }
            let state: WalkedState
            let asStored: Bool
            if statesAsText, holdsNoSecretKey, keepsText {
                asStored = true
                switch text {
                case .keyframe(let bytes):
                    state = .keyframe(bytes)
                case .patch(let bytes):
                    do {
                        state = .patch(try JSONPatch(text: bytes), textBytes: bytes.count)
                    } catch {
                        throw RecordingError.inapplicablePatch(step: recordedStep, timeline: timeline.name, error)
                    }
                }
            } else {
                let built = try buildState()
                let safe = holdsNoSecretKey ? built : stateRedaction.redact(built)
                asStored = safe.isIdentical(to: built)
                if !asStored { redactedCount += Self.replacements(from: built, to: safe) }
                state = .built(safe)
            }
            var cause: Int?
            if number > 0, let original = row.optionalInt(.cause), original > offset {
                cause = original - offset
            }
            previousAsStored = asStored
            try body(WalkedStep(
                recordedStep: recordedStep,
                timeline: timeline.name,
                number: number,
                time: Date(timeIntervalSince1970: row.double(.time)),
                actionText: number > 0 ? row.bytes(.action) : nil,
                actionName: number > 0 ? row.optionalText(.actionName) : nil,
                cause: cause,
                reducerNanoseconds: number > 0 ? row.optionalInt(.reducerNanoseconds) : nil,
                state: state,
                stored: asStored ? StoredState(
                    hash: row.text(.stateHash), hashAlgorithm: cursor.hashAlgorithm, size: row.int(.stateSize), text: keepsText ? text : nil
                ) : nil
            ))
            return true
        }
        return redactedCount
    }

    /// How many values redaction replaced between `input` and its redacted
    /// `output`: the places where the output holds the placeholder and the
    /// input did not. Subtrees the redaction returned as they were are skipped.
    static func replacements(from input: JSONValue, to output: JSONValue) -> Int {
        if output.isIdentical(to: input) { return 0 }
        switch (input, output) {
        case (.object(let before), .object(let after)):
            var count = 0
            for (key, value) in after {
                if let old = before.value(exactlyAt: key) { count += replacements(from: old, to: value) }
            }
            return count
        case (.array(let before), .array(let after)) where before.count == after.count:
            var count = 0
            for index in after.indices { count += replacements(from: before[index], to: after[index]) }
            return count
        default:
            return output == Redactor.placeholder && input != Redactor.placeholder ? 1 : 0
        }
    }

    /// A timeline's steps `range` with their states, redacted again, in
    /// memory: for small timelines and tests. Exports stream with `walkShared`.
    ///
    /// - Returns: The timeline and how many values `redactor` replaced, summed over every action and state.
    public func sharedTimeline(
        session: SessionInfo,
        timeline: TimelineInfo,
        range: ClosedRange<Int>? = nil,
        redactor: Redactor = Redactor()
    ) throws(RecordingError) -> (timeline: SharedTimeline, redactedCount: Int) {
        let shareRange = try shareRange(range, of: timeline)
        let (shared, sessionRedacted) = try sharedSession(session, timeline: timeline, range: shareRange, redactor: redactor)
        var redactedCount = sessionRedacted
        var steps: [StepInput] = []
        do {
            redactedCount += try walkShared(timeline, range: shareRange, redactor: redactor) { steps.append($0) }
        } catch let error as RecordingError {
            throw error
        } catch {
            throw RecordingError.io("'\(path)': \(error)")
        }
        return (SharedTimeline(session: shared, steps: steps), redactedCount)
    }

    func storedMetadata(of session: SessionInfo) throws(RecordingError) -> JSONValue? {
        let text = try query { db in
            try db.prepare("SELECT metadata FROM sessions WHERE id = ?").firstRow([session.id]) { $0.optionalText(0) }
        }
        guard let text = text ?? nil else { return nil }
        do {
            return try JSONParser().parse(text)
        } catch {
            throw RecordingError.invalidFile(path: path, reason: "is damaged: session \(session.id)'s metadata is not valid JSON")
        }
    }
}
