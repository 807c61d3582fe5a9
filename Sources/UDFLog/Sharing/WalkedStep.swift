import Foundation
import UDFDiff
import UDFJSON

/// One exported step as the reading stage of an export hands it on:
/// renumbered, its state redacted again, its action still the stored text.
/// `SharedActionStage` finishes it into a `SharedStep` on the thread that
/// writes, so parsing actions does not lengthen the read.
struct WalkedStep: Sendable {
    /// The step's number in the recording, for errors.
    let recordedStep: Int
    /// The name of the timeline walked, for errors.
    let timeline: String
    /// The step's number in the export.
    let number: Int
    let time: Date
    /// The stored action's canonical text; nil at exported step 0.
    let actionText: [UInt8]?
    let actionName: String?
    let cause: Int?
    let reducerNanoseconds: Int?
    let state: WalkedState
    /// Nil when redaction changed the state.
    let stored: StoredState?
}

/// A walked step's state: built, or left as the file stores it for the
/// writing thread to make its text from (`walkSharedStates(statesAsText:)`).
enum WalkedState: Sendable {
    /// Built, and redacted.
    case built(JSONValue)
    /// As stored, not built: the keyframe's text.
    case keyframe([UInt8])
    /// As stored, not built: the patch from the state before, parsed on the
    /// reading thread, which has time to spare, and its text's length.
    case patch(JSONPatch, textBytes: Int)
}
