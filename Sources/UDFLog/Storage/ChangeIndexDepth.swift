import UDFDiff

/// How deep a timeline's changed-members index goes: the value of
/// `timelines.changes_indexed`.
public enum ChangeIndexDepth: Int, Comparable, Sendable {
    /// Top-level members and the root (format v5).
    case members = 1
    /// Members, their children, and each member written whole or reshaped
    /// (format v6).
    case children = 2

    public static func < (lhs: ChangeIndexDepth, rhs: ChangeIndexDepth) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// What every writer of this build indexes the timelines it creates to.
    static let written = ChangeIndexDepth.children
}

/// How far a timeline's changed-members index goes.
struct ChangeIndexCoverage: Equatable {
    let depth: ChangeIndexDepth
    /// The last step indexed; nil for every step (a v5 timeline). A
    /// writer merges its keys about once a stretch, so the steps after this
    /// one are read in full.
    let through: Int?

    /// The part of `range` the index answers for.
    func indexed(_ range: ClosedRange<Int>) -> ClosedRange<Int>? {
        let upper = min(range.upperBound, through ?? range.upperBound)
        return range.lowerBound <= upper ? range.lowerBound...upper : nil
    }
}

/// The index keys a query reads, and how deep a timeline's index must go
/// for them to name every step that may change what the query looks at.
public struct ChangeIndexKeys: Sendable {
    /// Pointers as the index names them; the root is always read besides.
    let keys: [String]
    let depth: ChangeIndexDepth

    /// The steps that may have changed any of these top-level members.
    public static func members(_ names: [String]) -> ChangeIndexKeys {
        ChangeIndexKeys(keys: names.map(ChangedMembersTable.member), depth: .members)
    }

    /// The steps that may have changed any of these children of members:
    /// each child's key and its member's `/m/-`.
    public static func children(_ pairs: [(member: String, child: String)]) -> ChangeIndexKeys {
        var keys: [String] = []
        for (member, child) in pairs {
            for key in [JSONPointer(tokens: [member, child]).description, ChangedMembersTable.reshaped(member)]
            where !keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) {
                keys.append(key)
            }
        }
        return ChangeIndexKeys(keys: keys, depth: .children)
    }

    /// The members written whole or reshaped, of `pairs`: the steps a query
    /// by children pays a whole state for.
    public static func reshaped(_ pairs: [(member: String, child: String)]) -> ChangeIndexKeys {
        var keys: [String] = []
        for key in pairs.map({ ChangedMembersTable.reshaped($0.member) }) where !keys.contains(where: { $0.utf8.elementsEqual(key.utf8) }) {
            keys.append(key)
        }
        return ChangeIndexKeys(keys: keys, depth: .children)
    }
}
