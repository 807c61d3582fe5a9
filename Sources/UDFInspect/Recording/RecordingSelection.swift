import UDFJSON
import UDFLog

/// A recording opened for a command, with the session and timeline that the
/// command's `--session` and `--timeline` options chose.
struct RecordingSelection {
    let recording: Recording
    let session: SessionInfo
    let timeline: TimelineInfo

    /// Opens `path` and resolves the latest session and `main` unless told otherwise.
    init(path: String, session: Int?, timeline: String?) throws(InspectError) {
        do {
            recording = try Recording(path: path)
            self.session = try recording.session(session)
            self.timeline = try recording.timeline(timeline, in: self.session)
        } catch {
            throw InspectError(error)
        }
    }

    /// Refuses, with the reason, a session imported without states (a Redux
    /// DevTools file with actions only): `command` would read placeholders.
    func requireStates(for command: String) throws(InspectError) {
        let facts: SessionFacts
        do {
            facts = try recording.facts(of: session)
        } catch {
            throw InspectError(error)
        }
        guard facts.statesRecorded else {
            throw InspectError.invalidData(
                "session \(session.id) (\(session.app)) holds actions only: it was imported from a Redux DevTools file without computed states, so '\(command)' has no states to read; 'log' lists its actions"
            )
        }
    }

    /// The timeline a step reference names: its own, or the selected one.
    func timeline(for reference: StepReference) throws(InspectError) -> TimelineInfo {
        guard let name = reference.timeline else { return timeline }
        do {
            return try recording.timeline(name, in: session)
        } catch {
            throw InspectError(error)
        }
    }

    func summary(_ step: Int, on timeline: TimelineInfo) throws(InspectError) -> StepSummary {
        do {
            return try recording.step(step, on: timeline)
        } catch {
            throw InspectError(error)
        }
    }

    func state(_ step: Int, on timeline: TimelineInfo) throws(InspectError) -> JSONValue {
        do {
            return try recording.state(at: step, on: timeline)
        } catch {
            throw InspectError(error)
        }
    }
}
