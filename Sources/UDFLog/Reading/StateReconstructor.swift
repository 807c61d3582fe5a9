import UDFDiff
import UDFJSON
import UDFSQLite

/// Rebuilds the state at any step from the nearest keyframe at or before it,
/// applying at most one keyframe interval of patches, and verifies the result
/// against the stored hash.
///
/// It remembers the last state it built, so stepping forward one step at a
/// time costs one patch, not a rebuild.
///
/// The hash is always checked over the full canonical text of the rebuilt
/// state; a canonical writer seeded with the keyframe's own bytes (which are
/// canonical text) copies the bytes of every subtree the patches left shared
/// instead of writing them again. That changes the cost, not the check.
final class StateReconstructor {
    private unowned let recording: Recording
    private var last: (timelineID: Int, step: Int, state: JSONValue)?
    /// Holds the canonical bytes of the keyframe or of `last`, by subtree.
    private let writer = IncrementalCanonicalWriter()

    init(recording: Recording) {
        self.recording = recording
    }

    func state(at step: Int, on timeline: TimelineInfo) throws(RecordingError) -> JSONValue {
        guard let segment = try recording.segment(holding: step, on: timeline) else {
            throw recording.missingStep(step, on: timeline)
        }
        let timelineID = segment.timelineID
        if let last, last.timelineID == timelineID, last.step == step {
            return last.state
        }
        let keyframe = try recording.query { db in
            try db.cachedStatement("""
                SELECT step, keyframe FROM steps
                WHERE timeline_id = ? AND step <= ? AND keyframe IS NOT NULL
                ORDER BY step DESC LIMIT 1
                """).firstRow([timelineID, step]) { row in (row.int(0), row.bytes(1) ?? []) }
        }
        guard let keyframe else {
            throw RecordingError.corruptStep(step: step, timeline: timeline.name, reason: "no keyframe precedes it")
        }
        var current: (step: Int, state: JSONValue)
        if let last, last.timelineID == timelineID, last.step >= keyframe.0, last.step < step {
            current = (last.step, last.state)
        } else {
            current = (keyframe.0, try parse(keyframe.1, step: keyframe.0, timeline: timeline, seeding: writer))
        }
        if current.step < step {
            let patches = try recording.query { db in
                try db.cachedStatement("""
                    SELECT step, patch FROM steps WHERE timeline_id = ? AND step > ? AND step <= ? ORDER BY step
                    """).rows([timelineID, current.step, step]) { row in (row.int(0), row.bytes(1)) }
            }
            // The state is taken out of `current`, so this loop holds its only
            // reference and each patch changes it in place; only the first
            // copies the containers the keyframe (kept by `writer`) shares.
            var state = current.state
            current.state = .null
            for (patchStep, bytes) in patches {
                guard let bytes else {
                    throw RecordingError.corruptStep(step: patchStep, timeline: timeline.name, reason: "a keyframe follows the chosen one")
                }
                try apply(bytes, toInPlace: &state, step: patchStep, timeline: timeline)
                current.step = patchStep
            }
            current.state = state
            guard current.step == step else {
                throw RecordingError.corruptStep(step: step, timeline: timeline.name, reason: "its patch chain has a gap after step \(current.step)")
            }
        }
        let stored = try recording.step(step, on: timeline).stateHash
        let actual = StateHash.of(writer.write(current.state))
        guard stored == actual else {
            throw RecordingError.corruptStep(step: step, timeline: timeline.name, reason: "rebuilt state hash \(actual) differs from the stored \(stored)")
        }
        last = (timelineID, step, current.state)
        return current.state
    }

    func parse(
        _ bytes: [UInt8], step: Int, timeline: TimelineInfo, seeding writer: IncrementalCanonicalWriter? = nil
    ) throws(RecordingError) -> JSONValue {
        do {
            if let writer {
                return try writer.parse(bytes)
            }
            return try JSONParser().parse(bytes)
        } catch {
            throw RecordingError.corruptStep(step: step, timeline: timeline.name, reason: "its keyframe is not valid JSON: \(error)")
        }
    }

    /// Applies one stored patch to `state` in place; after an error `state`
    /// is partly patched, which callers discard.
    func apply(_ bytes: [UInt8], toInPlace state: inout JSONValue, step: Int, timeline: TimelineInfo) throws(RecordingError) {
        do {
            let patch = try JSONPatch(jsonValue: try JSONParser().parse(bytes))
            try patch.apply(inPlace: &state)
        } catch {
            throw RecordingError.corruptStep(step: step, timeline: timeline.name, reason: "its patch does not apply: \(error)")
        }
    }

    func apply(_ bytes: [UInt8], to state: JSONValue, step: Int, timeline: TimelineInfo) throws(RecordingError) -> JSONValue {
        do {
            let patch = try JSONPatch(jsonValue: try JSONParser().parse(bytes))
            return try patch.apply(to: state)
        } catch {
            throw RecordingError.corruptStep(step: step, timeline: timeline.name, reason: "its patch does not apply: \(error)")
        }
    }
}

extension Recording {
    /// The state after `step` on `timeline`, rebuilt and verified.
    ///
    /// - Throws: `RecordingError.notFound` for a step outside the timeline,
    ///   `.corruptStep` when the patch chain or the hash does not hold.
    public func state(at step: Int, on timeline: TimelineInfo) throws(RecordingError) -> JSONValue {
        try reconstructor.state(at: step, on: timeline)
    }
}
