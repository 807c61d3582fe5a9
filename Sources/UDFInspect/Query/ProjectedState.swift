import UDFDiff
import UDFJSON
import UDFLog

/// The part of each state a query reads, kept step by step from the stored
/// rows: the top-level members its paths start with, or the whole state when
/// a path starts otherwise.
///
/// A path's value depends only on the member it starts with, and an
/// operation written under another member cannot change that member, so such
/// operations are skipped (most patches without being parsed), and of a
/// keyframe only the wanted members are parsed. The values selected are the
/// same as in the whole state; `blame` and `find` read no other.
///
/// Narrowed (`narrow`), it keeps current only the children of those members
/// the paths go through (`.items[3]` of `.items[3].score`), reading only the
/// steps that may change them: the others' values go stale, so a step that
/// may move them (adding, removing or moving a child, a copy) takes the
/// whole state again.
struct ProjectedState {
    /// The members kept; nil keeps the whole state.
    let keys: [String]?
    /// For each path, its member and the child it goes through, when every
    /// path names both by key or position (`.items[3]`, `.settings.ship`).
    let children: [(member: String, child: String)]?
    /// Whether only `children` are kept current.
    private(set) var isNarrowed = false
    /// The UTF-8 of `keys`: the recording compares keys by scalars, so by bytes.
    private let keyBytes: [[UInt8]]?
    /// The kept members as an object (or the whole state).
    private(set) var state: JSONValue = .null
    /// The last of a run of values `replaceLater` was given, not yet in `state`.
    private var deferred: (pointer: JSONPointer, value: JSONValue, step: Int, timeline: String)?
    /// The operations the last `.changed` step applied to the kept members;
    /// nil when it was a keyframe or wrote the whole state, so that what it
    /// changed is not known operation by operation.
    private(set) var appliedOperations: [PatchOperation]?

    init(paths: [JSONPath]) {
        var keys: [String] = []
        var children: [(member: String, child: String)]? = []
        for path in paths {
            guard case .key(let key)? = path.components.first else {
                self.keys = nil
                keyBytes = nil
                self.children = nil
                return
            }
            if !keys.contains(where: { $0.hasSameScalars(as: key) }) { keys.append(key) }
            switch path.components.dropFirst().first {
            case .key(let child)?:
                children?.append((key, child))
            case .index(let index)? where index >= 0:
                children?.append((key, String(index)))
            default:
                children = nil
            }
        }
        self.keys = keys
        keyBytes = keys.map { Array($0.utf8) }
        self.children = children
    }

    /// The index keys of the steps that may change what is kept.
    var indexKeys: ChangeIndexKeys? {
        guard let keys else { return nil }
        if isNarrowed, let children { return .children(children) }
        return .members(keys)
    }

    /// A whole state costs about this many patches: narrowing pays off when
    /// the members are reshaped at most once in this many of their steps.
    static let wholeStateCost = 64

    /// When to keep only `children` current.
    enum Narrowing {
        /// When it costs less than keeping the members.
        case byCost
        /// Whenever the recording indexes the children (for tests: both ways read the same values).
        case always
        case never
    }

    /// Keeps only `children` current when `recording` indexes them in `range`
    /// and `narrowing` says so.
    mutating func narrow(_ narrowing: Narrowing, in recording: Recording, on timeline: TimelineInfo, range: ClosedRange<Int>) throws {
        guard narrowing != .never, let keys, let children, !isNarrowed,
              let reshaped = try recording.indexedStepCount(on: timeline, range: range, touching: .reshaped(children))
        else { return }
        if narrowing == .always {
            isNarrowed = true
        } else if let members = try recording.indexedStepCount(on: timeline, range: range, touching: .members(keys)) {
            isNarrowed = reshaped * Self.wholeStateCost <= members
        }
    }

    /// How many steps of `range` a walk keeping this reads: those the
    /// file's index names for `indexKeys`, or every step when it names none.
    func stepsRead(in recording: Recording, on timeline: TimelineInfo, range: ClosedRange<Int>) throws -> Int {
        guard let keys = indexKeys, let count = try recording.indexedStepCount(on: timeline, range: range, touching: keys) else {
            return range.count
        }
        return count
    }

    private func isKeptChild(member: String, child: String) -> Bool {
        children?.contains { $0.member.hasSameScalars(as: member) && $0.child.hasSameScalars(as: child) } ?? false
    }

    /// Starts again from a whole state.
    mutating func reset(to whole: JSONValue) {
        state = project(whole)
        deferred = nil
    }

    /// What `body` may have changed: false when the step left every kept member as it was.
    enum Outcome {
        case unchanged
        case changed
        /// The patch moves or copies between a kept member and another; the
        /// caller rebuilds the whole state of the step and resets.
        case needsWholeState
    }

    /// Takes one stored step: a keyframe replaces the kept members, a patch
    /// is applied to those it writes under.
    mutating func take(_ stored: StoredBytes, step: Int, timeline: String) throws(RecordingError) -> Outcome {
        try writeDeferred()
        switch stored {
        case .keyframe(let bytes):
            try seed(keyframe: bytes, step: step, timeline: timeline)
            appliedOperations = nil
            return .changed
        case .patch(let bytes):
            return try apply(patch: bytes, step: step, timeline: timeline)
        case .operations(let patch):
            return try apply(patch, step: step, timeline: timeline)
        }
    }

    /// Takes a step that only replaced the value at `pointer`, which
    /// exists, with `value`, without applying it yet: the caller read the
    /// value off the step (`LeafWrite`). Of a run of such steps only the
    /// last is written into `state`, when the next step is taken; until
    /// then `state` holds the value before the run at that one place.
    mutating func replaceLater(at pointer: JSONPointer, with value: JSONValue, step: Int, timeline: String) {
        deferred = (pointer, value, step, timeline)
    }

    private mutating func writeDeferred() throws(RecordingError) {
        guard let (pointer, value, step, timeline) = deferred else { return }
        deferred = nil
        try applyWhole(JSONPatch([.replace(path: pointer, value: value)]), step: step, timeline: timeline)
    }

    private func isKept(_ key: String) -> Bool {
        keys?.contains { $0.hasSameScalars(as: key) } ?? true
    }

    private func project(_ whole: JSONValue) -> JSONValue {
        guard keys != nil, case .object(let members) = whole else { return whole }
        return .object(members.filter { isKept($0.key) })
    }

    private mutating func seed(keyframe bytes: [UInt8], step: Int, timeline: String) throws(RecordingError) {
        do {
            if keys != nil, let members = StoredTextScan.members(of: bytes, where: isKept) {
                var object: [String: JSONValue] = [:]
                for (key, text) in members {
                    object[key] = try JSONParser().parse(Array(text))
                }
                state = .object(object)
            } else {
                state = project(try JSONParser().parse(bytes))
            }
        } catch {
            throw .corruptStep(step: step, timeline: timeline, reason: "its keyframe is not valid JSON: \(error)")
        }
    }

    private mutating func apply(patch bytes: [UInt8], step: Int, timeline: String) throws(RecordingError) -> Outcome {
        if let keyBytes, StoredTextScan.writesOnlyUnder(patch: bytes, others: { token in
            !keyBytes.contains { $0.elementsEqual(token) }
        }) {
            return .unchanged
        }
        let patch: JSONPatch
        do {
            patch = try JSONPatch(text: bytes)
        } catch {
            throw .corruptStep(step: step, timeline: timeline, reason: "its patch is not a JSON Patch: \(error)")
        }
        return try apply(patch, step: step, timeline: timeline)
    }

    /// Applies the operations of `patch` that write under what is kept.
    private mutating func apply(_ patch: JSONPatch, step: Int, timeline: String) throws(RecordingError) -> Outcome {
        guard keys != nil else {
            try applyWhole(patch, step: step, timeline: timeline)
            appliedOperations = patch.operations
            return .changed
        }
        var kept: [PatchOperation] = []
        var wroteWhole = false
        for operation in patch.operations {
            let target = operation.path.tokens
            guard let first = target.first else {
                // The whole state is written: keep its kept members.
                switch operation {
                case .add(_, let value), .replace(_, let value):
                    if !kept.isEmpty { try applyWhole(JSONPatch(kept), step: step, timeline: timeline) }
                    kept = []
                    state = project(value)
                    wroteWhole = true
                    continue
                default:
                    return .needsWholeState
                }
            }
            switch operation {
            case .move(let from, _), .copy(let from, _):
                // Within one kept member, or within others, the operation
                // is local; across, the kept side needs the other. Narrowed,
                // the source may be stale.
                let source = from.tokens.first
                if source.map(isKept) != isKept(first) || source == nil { return .needsWholeState }
                if isNarrowed && isKept(first) { return .needsWholeState }
            default:
                break
            }
            guard isKept(first) else { continue }
            // A test changes nothing, and narrowed it could meet a stale value.
            if isNarrowed, case .test = operation { continue }
            if isNarrowed, target.count >= 2 {
                // Adding or removing a child may shift stale ones into a kept place.
                if target.count == 2, operation.isReshaping { return .needsWholeState }
                guard isKeptChild(member: first, child: target[1]) else { continue }
            }
            kept.append(operation)
        }
        guard !kept.isEmpty || wroteWhole else { return .unchanged }
        if !kept.isEmpty { try applyWhole(JSONPatch(kept), step: step, timeline: timeline) }
        appliedOperations = wroteWhole ? nil : kept
        return .changed
    }

    private mutating func applyWhole(_ patch: JSONPatch, step: Int, timeline: String) throws(RecordingError) {
        do {
            try patch.apply(inPlace: &state)
        } catch {
            throw .corruptStep(step: step, timeline: timeline, reason: "its patch does not apply: \(error)")
        }
    }
}

private extension PatchOperation {
    /// Whether the operation adds or removes at its path.
    var isReshaping: Bool {
        switch self {
        case .add, .remove, .move, .copy: true
        case .replace, .test: false
        }
    }
}
