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

    /// The stored row, but for the action's text (and its name, when the
    /// host gave none) and a keyframe's text.
    var row: StepsTable.StoredRow
    /// The host's action, to encode and redact; nil at a session's first step.
    let action: (any Encodable & Sendable)?
    /// Set exactly where `row.patch` is not.
    let keyframe: Keyframe?
}

/// Steps a `RecordingWriter` has prepared, for its `write(_:)`.
public struct PreparedBatch: Sendable {
    var rows: [PreparedRow] = []
    /// What any of the steps could only hand over by reflection.
    var reflected: ReflectedParts = []

    public var count: Int { rows.count }

    public init() {}
}
