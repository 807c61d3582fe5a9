import UDFDiff
import UDFJSON

/// The writing thread's half of an export that copies states as text: makes
/// each walked step's canonical state text, on the thread that writes, so
/// the reading thread does not rebuild states it can leave as stored.
///
/// A state that comes built (redaction had to walk it) is written. A state
/// left as stored comes as its stored text: a keyframe is parsed and
/// written, and a patch is spliced into the previous state's text
/// (`CanonicalTextEditor`, which remembers where the text's containers
/// lie from one patch to the next). Where a patch cannot be spliced,
/// the previous state is built (the last state built, with the patches
/// spliced since applied in order) and the patch is applied to it the
/// plain way, so a stored text that is broken fails here as it fails in
/// `StateCursor`, with the same error, at the same step.
///
/// Use one per walk, from one thread at a time.
final class SharedStateTextStage {
    private let writer = IncrementalCanonicalWriter()
    /// The previous state's canonical text.
    private let editor = CanonicalTextEditor()
    /// The last state built, and the patches spliced into the text since.
    private var built: JSONValue?
    private var spliced: [(step: Int, patch: JSONPatch)] = []
    private var splicedBytes = 0

    /// `walked`'s state as canonical text.
    func canonicalState(of walked: WalkedStep) throws(RecordingError) -> [UInt8] {
        switch walked.state {
        case .built(let state):
            remember(built: state)
        case .keyframe(let bytes):
            do {
                remember(built: try writer.parse(bytes))
            } catch {
                throw .unparsableKeyframe(step: walked.recordedStep, timeline: walked.timeline, error)
            }
        case .patch(let patch, let textBytes):
            try apply(patch, storedBytes: textBytes, step: walked)
        }
        return editor.text
    }

    private func remember(built state: JSONValue) {
        built = state
        spliced.removeAll(keepingCapacity: true)
        splicedBytes = 0
        editor.reset(to: writer.write(state))
    }

    private func apply(_ patch: JSONPatch, storedBytes: Int, step walked: WalkedStep) throws(RecordingError) {
        if editor.apply(patch) {
            spliced.append((walked.recordedStep, patch))
            splicedBytes += storedBytes
            // Patches held for a build stay within what `StateCursor` holds unbuilt.
            if spliced.count > StateCursor.unbuiltLimit.steps || splicedBytes > StateCursor.unbuiltLimit.bytes {
                built = try state(timeline: walked.timeline)
                spliced.removeAll(keepingCapacity: true)
                splicedBytes = 0
            }
            return
        }
        var state = try self.state(timeline: walked.timeline)
        built = nil
        do {
            try patch.apply(inPlace: &state)
        } catch {
            throw .inapplicablePatch(step: walked.recordedStep, timeline: walked.timeline, error)
        }
        remember(built: state)
    }

    /// The state whose text the editor holds: the last state built, with the
    /// patches spliced since applied in order.
    private func state(timeline: String) throws(RecordingError) -> JSONValue {
        guard var state = built else {
            throw .corruptStep(step: spliced.first?.step ?? 0, timeline: timeline, reason: "it has a patch but no state precedes it")
        }
        built = nil
        for (step, patch) in spliced {
            do {
                try patch.apply(inPlace: &state)
            } catch {
                throw .inapplicablePatch(step: step, timeline: timeline, error)
            }
        }
        return state
    }
}
