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
struct ProjectedState {
    /// The members kept; nil keeps the whole state.
    let keys: [String]?
    /// The UTF-8 of `keys`: the recording compares keys by scalars, so by bytes.
    private let keyBytes: [[UInt8]]?
    /// The kept members as an object (or the whole state).
    private(set) var state: JSONValue = .null
    /// The operations the last `.changed` step applied to the kept members;
    /// nil when it was a keyframe or wrote the whole state, so that what it
    /// changed is not known operation by operation.
    private(set) var appliedOperations: [PatchOperation]?

    init(paths: [JSONPath]) {
        var keys: [String] = []
        for path in paths {
            guard case .key(let key)? = path.components.first else {
                self.keys = nil
                keyBytes = nil
                return
            }
            if !keys.contains(where: { $0.hasSameScalars(as: key) }) { keys.append(key) }
        }
        self.keys = keys
        keyBytes = keys.map { Array($0.utf8) }
    }

    /// Starts again from a whole state.
    mutating func reset(to whole: JSONValue) {
        state = project(whole)
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
        switch stored {
        case .keyframe(let bytes):
            try seed(keyframe: bytes, step: step, timeline: timeline)
            appliedOperations = nil
            return .changed
        case .patch(let bytes):
            return try apply(patch: bytes, step: step, timeline: timeline)
        }
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
                // is local; across, the kept side needs the other.
                let source = from.tokens.first
                if source.map(isKept) != isKept(first) || source == nil { return .needsWholeState }
            default:
                break
            }
            if isKept(first) { kept.append(operation) }
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
