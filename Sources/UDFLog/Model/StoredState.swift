/// A step's state as the file stores it, for a copy that keeps what it can:
/// an export whose redaction leaves a state as recorded reuses its hash,
/// and, when the step before is also as recorded, its stored text.
public struct StoredState: Sendable, Equatable {
    /// The stored `state_hash`.
    public let hash: String
    /// The hash's algorithm: the stored session's.
    public let hashAlgorithm: StateHashAlgorithm
    /// The stored `state_size`: the canonical text's length in bytes.
    public let size: Int
    /// The stored keyframe or patch, when it means the same where the copy
    /// puts it; nil when only the hash and size carry over.
    public let text: StoredStateText?

    public init(hash: String, hashAlgorithm: StateHashAlgorithm, size: Int, text: StoredStateText?) {
        self.hash = hash
        self.hashAlgorithm = hashAlgorithm
        self.size = size
        self.text = text
    }
}

/// A step's state as stored: the text of its keyframe, or of its patch from
/// the step before.
public enum StoredStateText: Sendable, Equatable {
    /// The state's canonical text.
    case keyframe([UInt8])
    /// A JSON Patch from the previous step's state, as canonical text.
    case patch([UInt8])
}

extension StoredStateText {
    /// The stored text, keyframe or patch.
    public var bytes: [UInt8] {
        switch self {
        case .keyframe(let bytes), .patch(let bytes): bytes
        }
    }
}
