import UDFJSON

/// Which hash a session's `state_hash` values are, stored once per session
/// (`sessions.state_hash`, format v4) and kept for the session's lifetime:
/// steps and branches added to an older session later use its algorithm.
public enum StateHashAlgorithm: String, Sendable, Equatable, CaseIterable {
    /// 64-bit FNV-1a over the canonical text (`StateHash`): every session of
    /// a v1–v3 file, stored as null.
    case canonicalText = "fnv1a-text"
    /// The tree hash (`StateTreeHash`): new sessions from format v4 on.
    case tree = "tree"

    /// What new sessions use.
    public static let current = StateHashAlgorithm.tree

    /// The algorithm a session's stored column names; null is the text hash.
    /// Nil for a name this build does not know.
    init?(stored: String?) {
        guard let stored else {
            self = .canonicalText
            return
        }
        self.init(rawValue: stored)
    }

    /// What `sessions.state_hash` holds for it.
    var stored: String? {
        self == .canonicalText ? nil : rawValue
    }

    /// The hash of `state` by this algorithm, computed plainly.
    public func hash(of state: JSONValue) -> String {
        switch self {
        case .canonicalText: StateHash.of(state.canonicalBytes)
        case .tree: StateTreeHash.of(state)
        }
    }
}
