import Foundation
import UDFJSON

/// A step's row as `StepEncoder` leaves it: every decision about the state
/// made (hash, size, patch or keyframe, index), with the two texts that
/// follow from values alone, the action's and a keyframe's, not yet
/// written. `RowFinisher` writes them, on the encoder's thread or on one of
/// its own, so the encoder can go on with the next steps meanwhile.
struct PreparedRow: Sendable {
    /// A keyframe's text, or the state to write it from.
    enum Keyframe: Sendable {
        case text(String)
        case state(JSONValue)
    }

    let timelineID: Int
    let step: Int
    let time: Date
    /// The host's action, to encode and redact; nil at a session's first step.
    let action: (any Encodable & Sendable)?
    /// The host's name for the action; nil takes the enum case.
    let actionName: String?
    let cause: Int?
    let reducerNanoseconds: Int?
    /// Exactly one of `keyframe` and `patch` is set.
    let keyframe: Keyframe?
    let patch: String?
    let stateHash: String
    let stateSize: Int
    /// As in `StepsTable.StoredRow`.
    let changes: [String]?
}

/// Steps a `RecordingWriter` has prepared, for its `write(_:)`.
public struct PreparedBatch: Sendable {
    var rows: [PreparedRow] = []
    /// What any of the steps could only hand over by reflection.
    var reflected: ReflectedParts = []

    public var count: Int { rows.count }
}
