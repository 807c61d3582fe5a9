import Foundation
import UDFJSON

extension Recording {
    /// A timeline's steps `range` with their states, redacted again, ready to export.
    ///
    /// A branch comes flattened with the steps it inherits. When the range
    /// starts after step 0, the state before its first step becomes the new
    /// step 0, and the steps are renumbered from 1; a cause that points before
    /// the range becomes null. The metadata's `source` names the original
    /// session, timeline and step numbers.
    ///
    /// - Returns: The timeline and how many values `redactor` replaced, summed over every action and state.
    public func sharedTimeline(
        session: SessionInfo,
        timeline: TimelineInfo,
        range: ClosedRange<Int>? = nil,
        redactor: Redactor = Redactor()
    ) throws(RecordingError) -> (timeline: SharedTimeline, redactedCount: Int) {
        guard timeline.lastStep >= 0 else {
            throw RecordingError.notFound("timeline '\(timeline.name)' has no steps to export")
        }
        let wanted = range ?? 0...timeline.lastStep
        guard wanted.lowerBound >= 0, wanted.upperBound <= timeline.lastStep else {
            throw RecordingError.notFound("steps \(wanted.lowerBound)…\(wanted.upperBound) are not all in timeline '\(timeline.name)', which has steps 0…\(timeline.lastStep)")
        }
        let offset = wanted.lowerBound == 0 ? 0 : wanted.lowerBound - 1
        var steps: [StepInput] = []
        var redactedCount = 0
        do {
            try walk(timeline, range: offset...wanted.upperBound) { summary, state in
                let number = summary.step - offset
                let safeState = redactor.redact(state)
                redactedCount += safeState.count
                var action: JSONValue?
                if number > 0, let original = summary.action {
                    let safe = redactor.redact(original)
                    redactedCount += safe.count
                    action = safe.value
                }
                var cause: Int?
                if number > 0, let original = summary.cause, original > offset {
                    cause = original - offset
                }
                steps.append(StepInput(
                    step: number,
                    time: summary.time,
                    action: action,
                    actionName: number > 0 ? summary.actionName : nil,
                    cause: cause,
                    reducerNanoseconds: number > 0 ? summary.reducerNanoseconds : nil,
                    state: safeState.value
                ))
                return true
            }
        } catch let error as RecordingError {
            throw error
        } catch {
            throw RecordingError.io("'\(path)': \(error)")
        }
        var metadata: [String: JSONValue] = [
            "source": [
                "session": .number(JSONNumber(session.id)),
                "timeline": .string(timeline.name),
                "firstStep": .number(JSONNumber(offset)),
                "lastStep": .number(JSONNumber(wanted.upperBound)),
            ],
        ]
        if let hostMetadata = try storedMetadata(of: session) {
            let safe = redactor.redact(hostMetadata)
            redactedCount += safe.count
            metadata["host"] = safe.value
        }
        let shared = SharedSession(
            app: session.app,
            host: session.host,
            startedAt: session.startedAt,
            endedAt: session.endedAt,
            timelineName: timeline.name,
            metadata: .object(metadata)
        )
        return (SharedTimeline(session: shared, steps: steps), redactedCount)
    }

    private func storedMetadata(of session: SessionInfo) throws(RecordingError) -> JSONValue? {
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
