import UDFDiff
import UDFJSON
import UDFLog

/// The timeline a stepper walks, read from a recording.
///
/// It keeps the few states around the current step, so that stepping by one
/// rebuilds one state instead of two, and a diff at the next step reuses the
/// state shown now.
final class StepperDocument {
    let recording: Recording
    private(set) var session: SessionInfo
    private(set) var timeline: TimelineInfo

    private var cachedStates: [(step: Int, state: JSONValue)] = []
    private static let cacheSize = 4

    /// Reads the timeline `selection` chose.
    ///
    /// - Throws: `InspectError.notFound` when the timeline has no steps.
    convenience init(_ selection: RecordingSelection) throws(InspectError) {
        try self.init(recording: selection.recording, session: selection.session, timeline: selection.timeline)
    }

    /// Reads `timeline` of `session`.
    init(recording: Recording, session: SessionInfo, timeline: TimelineInfo) throws(InspectError) {
        self.recording = recording
        self.session = session
        self.timeline = timeline
        guard timeline.lastStep >= 0 else {
            let why = switch session.status {
            case .recording: "yet"
            case .closed: "and never will: the session was closed before its first"
            case .interrupted: "and never will: the session's host stopped before recording its first"
            }
            throw InspectError.notFound("timeline '\(timeline.name)' of session \(session.id) has no steps \(why)")
        }
    }

    /// The last step of the timeline; the first is 0.
    var lastStep: Int { timeline.lastStep }

    /// Whether the host is still recording the session, so steps may be added.
    var isLive: Bool { session.status == .recording }

    /// Reads the session's status and the timeline's last step again
    /// (`Recording.reread`).
    ///
    /// - Returns: Whether anything changed.
    func reload() throws(InspectError) -> Bool {
        do {
            let (newSession, newTimeline) = try recording.reread(timeline, of: session)
            let changed = newSession.status != session.status || newTimeline.lastStep != timeline.lastStep
            session = newSession
            timeline = newTimeline
            return changed
        } catch {
            throw InspectError(error)
        }
    }

    /// The same session's timeline `name`, as a document of its own.
    ///
    /// - Throws: `InspectError.badArgument` naming the timelines when there is
    ///   no such timeline, with the closest name as a suggestion.
    func other(timeline name: String) throws(InspectError) -> StepperDocument {
        let timelines: [TimelineInfo]
        do {
            timelines = try recording.timelines(in: session)
        } catch {
            throw InspectError(error)
        }
        guard let found = timelines.first(where: { $0.isNamed(name) }) else {
            let names = timelines.map(\.name)
            throw InspectError.badArgument(
                "timeline '\(name)' does not exist in session \(session.id)\(Suggestion.didYouMean(name, among: names))"
            )
        }
        return try StepperDocument(recording: recording, session: session, timeline: found)
    }

    /// The metadata of `step`.
    func summary(_ step: Int) throws(InspectError) -> StepSummary {
        do {
            return try recording.step(step, on: timeline)
        } catch {
            throw InspectError(error)
        }
    }

    /// The state after `step`.
    func state(_ step: Int) throws(InspectError) -> JSONValue {
        if let cached = cachedStates.first(where: { $0.step == step }) {
            return cached.state
        }
        let state: JSONValue
        do {
            state = try recording.state(at: step, on: timeline)
        } catch {
            throw InspectError(error)
        }
        cachedStates.append((step, state))
        if cachedStates.count > Self.cacheSize {
            cachedStates.removeFirst()
        }
        return state
    }

    /// The first step after `step` whose state satisfies `predicate`, or nil.
    ///
    /// It searches as `find` does (`StepSearch`): only the steps the file's
    /// index says may change the predicate's paths, on every core for a long
    /// timeline.
    func firstMatch(of predicate: Predicate, after step: Int) throws(InspectError) -> Int? {
        guard step < lastStep else { return nil }
        do {
            let search = StepSearch(predicate: predicate, range: (step + 1)...lastStep, eligible: nil, becomes: false, all: false)
            return try search.run(in: recording, on: timeline).steps.first
        } catch let error as RecordingError {
            throw InspectError(error)
        } catch {
            throw InspectError.io("\(error)")
        }
    }
}
