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
            self.session = try Self.session(session, in: recording)
            self.timeline = try Self.timeline(timeline, of: self.session, in: recording)
        } catch {
            throw InspectError(error)
        }
    }

    /// The session `id`, or the latest; an unknown id names the ids there are.
    private static func session(_ id: Int?, in recording: Recording) throws(RecordingError) -> SessionInfo {
        do {
            return try recording.session(id)
        } catch {
            guard case let .notFound(message) = error, let id,
                  let ids = try? recording.sessions().map(\.id), !ids.isEmpty else { throw error }
            let known = ids.count > 5 ? "\(ids[0])…\(ids[ids.count - 1])" : ids.map(String.init).joined(separator: ", ")
            let hint = Suggestion.didYouMean(String(id), among: ids.map(String.init))
            throw RecordingError.notFound(message + hint + (hint.isEmpty ? ". " : " ") + "Sessions: \(known)")
        }
    }

    /// The timeline `name`, or `main`; an unknown name suggests the closest one.
    static func timeline(_ name: String?, of session: SessionInfo, in recording: Recording) throws(RecordingError) -> TimelineInfo {
        do {
            return try recording.timeline(name, in: session)
        } catch {
            guard case let .notFound(message) = error, let name,
                  let names = try? recording.timelines(in: session).map(\.name) else { throw error }
            let hint = Suggestion.didYouMean(name, among: names)
            throw RecordingError.notFound(message + hint + (hint.isEmpty ? ". " : " ") + "Timelines: \(names.joined(separator: ", "))")
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
            return try Self.timeline(name, of: session, in: recording)
        } catch {
            throw InspectError(error)
        }
    }

    /// The timeline a step reference names, and the step's number on it.
    func resolve(_ reference: StepReference) throws(InspectError) -> (timeline: TimelineInfo, step: Int) {
        let timeline = try timeline(for: reference)
        return (timeline, try reference.position.step(on: timeline))
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
