import UDFJSON

/// The structural difference between two JSON values, computed once and read
/// by every renderer.
///
/// `JSONDiff.diff(_:_:)` returns nil for equal values, so a node always
/// describes at least one change.
public indirect enum DiffNode: Sendable, Equatable {
    /// A scalar changed, or the value changed type: the old value gives way to the new.
    case replaced(old: JSONValue, new: JSONValue)
    /// Two objects, compared key by key.
    case object(ObjectDiff)
    /// Two arrays, compared element by element (by `id` or by LCS).
    case array(ArrayDiff)
    /// Two strings of which at least one spans several lines, compared line by line.
    case text(TextDiff)
}
