import UDFDiff

/// How a step's state is stored: whole, or as a patch from the step before.
public enum StoredChange: Sendable, Equatable {
    /// The whole state is stored; what changed is unknown without the previous state.
    case keyframe
    /// The RFC 6902 patch from the previous step's state.
    case patch(JSONPatch)
}
