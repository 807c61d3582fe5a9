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
    /// The state, redacted; nil when it was left as stored and not built,
    /// and `stored.text` holds it (`walkSharedStates(statesAsText:)`).
    let state: JSONValue?
    /// Nil when redaction changed the state.
    let stored: StoredState?
    /// The stored patch, parsed here to balance the two threads, when the
    /// state comes unbuilt as a patch.
    var patch: JSONPatch?
}
