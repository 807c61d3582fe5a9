import Foundation
import UDFJSON

/// Reads a Redux DevTools export into a timeline.
///
/// Two shapes are read:
/// - `{"payload": "<JSON text>", "preloadedState": "<JSON text>"}`: the
///   payload is either an array of actions or a lifted state; the preloaded
///   state is step 0's state.
/// - the lifted state itself: `actionsById`, `stagedActionIds`,
///   `skippedActionIds`, `computedStates`, `committedState`.
///
/// Action id `stagedActionIds[0]` (Redux's `@@INIT`) becomes step 0, each
/// later staged id one step. An action's `type` is its name, and the action
/// is stored as Redux wrote it. A skipped action is kept as it was: the
/// session metadata lists its step under `skippedSteps`, and its state equals
/// the previous step's. Without computed states the session holds actions
/// only: its metadata says `"statesRecorded": false` (`SessionFacts`), and
/// every step stores the initial state as a placeholder.
///
/// The session is named by `name`: the user's `--name`, or the file's.
public enum ReduxDevToolsImporter {
    public struct Result: Sendable {
        public var timeline: SharedTimeline
        /// `$jsan` markers turned into plain JSON.
        public var decodedMarkers: Int
        /// `$jsan` markers kept as they are, having no JSON equivalent.
        public var keptMarkers: Int
        /// Actions listed in `skippedActionIds`.
        public var skippedActions: Int
    }

    /// - Parameters:
    ///   - source: The file's name, for messages and the metadata's `importedFrom`.
    ///   - name: The session's name (its `app`); by default the file's name
    ///     without its extension, since a Redux file does not name its app.
    public static func read(_ document: JSONValue, source: String, name: String? = nil, now: Date = Date()) throws(SharingError) -> Result {
        let fileName = (source as NSString).deletingPathExtension
        let name = name ?? (fileName.isEmpty ? "Redux DevTools import" : fileName)
        var decoder = JSANDecoder()
        let root = JSONShape(document)
        let members = try root.object()
        var lifted = root
        var preloadedState: JSONValue?
        if members["payload"] != nil {
            let payload = try root.member("payload")
            lifted = JSONShape(try SharedDocumentParser.parse(try payload.string(), source: "\(source)'s payload"), path: "$.payload")
            if let preloaded = try root.optionalMember("preloadedState") {
                let text = try preloaded.string()
                preloadedState = try decoder.decode(try SharedDocumentParser.parse(text, source: "\(source)'s preloadedState"))
            }
        }
        let timeline: SharedTimeline
        var skippedCount = 0
        if case .array = lifted.value {
            timeline = try fromActions(lifted, initial: preloadedState, decoder: &decoder, source: source, name: name, now: now)
        } else {
            (timeline, skippedCount) = try fromLiftedState(lifted, preloaded: preloadedState, decoder: &decoder, source: source, name: name, now: now)
        }
        try timeline.validate()
        return Result(timeline: timeline, decodedMarkers: decoder.decodedCount, keptMarkers: decoder.keptCount, skippedActions: skippedCount)
    }

    private static func fromActions(
        _ actions: JSONShape, initial: JSONValue?, decoder: inout JSANDecoder, source: String, name: String, now: Date
    ) throws(SharingError) -> SharedTimeline {
        let state = initial ?? .object([:])
        var steps = [StepInput(step: 0, time: now, action: nil, actionName: nil, cause: nil, reducerNanoseconds: nil, state: state)]
        for shape in try actions.array() {
            let action = try decoder.decode(shape.value)
            steps.append(StepInput(
                step: steps.count, time: now, action: action, actionName: try typeName(JSONShape(action, path: shape.path)),
                cause: nil, reducerNanoseconds: nil, state: state
            ))
        }
        let facts = SessionFacts(statesRecorded: false)
        return SharedTimeline(session: session(name: name, source: source, steps: steps, now: now, facts: facts), steps: steps)
    }

    private static func fromLiftedState(
        _ lifted: JSONShape, preloaded: JSONValue?, decoder: inout JSANDecoder, source: String, name: String, now: Date
    ) throws(SharingError) -> (SharedTimeline, Int) {
        let actionsById = try lifted.member("actionsById")
        _ = try actionsById.object()
        let staged = try lifted.member("stagedActionIds").array()
        guard !staged.isEmpty else {
            throw lifted.fail("stagedActionIds is empty; Redux DevTools always stages @@INIT first")
        }
        var skippedIDs: Set<Int> = []
        if let skipped = try lifted.optionalMember("skippedActionIds") {
            for shape in try skipped.array() { skippedIDs.insert(try shape.int()) }
        }
        let computed = try lifted.optionalMember("computedStates")?.array()
        if let computed, computed.count != staged.count {
            throw lifted.fail("computedStates has \(computed.count) entries but stagedActionIds has \(staged.count)")
        }
        var initial = preloaded
        if let committed = try lifted.optionalMember("committedState") {
            initial = try decoder.decode(committed.value)
        }
        var steps: [StepInput] = []
        var skippedSteps: Set<Int> = []
        for (index, idShape) in staged.enumerated() {
            let id = try idShape.int()
            let entry = try actionsById.member(String(id))
            let actionShape = try entry.member("action")
            let action = try decoder.decode(actionShape.value)
            let time = try entry.optionalMember("timestamp").map { shape throws(SharingError) in
                Date(timeIntervalSince1970: try shape.double() / 1000)
            } ?? now
            var state: JSONValue
            if let computed {
                state = try decoder.decode(try computed[index].member("state").value)
            } else {
                state = steps.last?.state ?? initial ?? .object([:])
            }
            if index == 0 {
                steps.append(StepInput(step: 0, time: time, action: nil, actionName: nil, cause: nil, reducerNanoseconds: nil, state: state))
                continue
            }
            let name = try typeName(JSONShape(action, path: actionShape.path))
            if skippedIDs.contains(id) {
                state = steps[index - 1].state
                skippedSteps.insert(index)
            }
            steps.append(StepInput(step: index, time: time, action: action, actionName: name, cause: nil, reducerNanoseconds: nil, state: state))
        }
        let facts = SessionFacts(statesRecorded: computed != nil, skippedSteps: skippedSteps)
        let timeline = SharedTimeline(session: session(name: name, source: source, steps: steps, now: now, facts: facts), steps: steps)
        return (timeline, skippedSteps.count)
    }

    /// A Redux action is an object with a string `type`.
    private static func typeName(_ action: JSONShape) throws(SharingError) -> String {
        try action.member("type").string()
    }

    private static func session(name: String, source: String, steps: [StepInput], now: Date, facts: SessionFacts) -> SharedSession {
        var metadata: [String: JSONValue] = ["importedFrom": .string(source), "format": "redux", "statesRecorded": .bool(facts.statesRecorded)]
        metadata.merge(facts.metadataMembers) { _, new in new }
        return SharedSession(
            app: name,
            host: "",
            startedAt: steps.map(\.time).min() ?? now,
            endedAt: steps.map(\.time).max(),
            timelineName: "main",
            metadata: .object(metadata)
        )
    }
}
