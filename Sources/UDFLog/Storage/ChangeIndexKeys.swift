import UDFDiff

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
            ChangedMembersTable.add(JSONPointer(tokens: [member, child]).description, to: &keys)
            ChangedMembersTable.add(ChangedMembersTable.reshaped(member), to: &keys)
        }
        return ChangeIndexKeys(keys: keys, depth: .children)
    }

    /// The members written whole or reshaped, of `pairs`: the steps a query
    /// by children pays a whole state for.
    public static func reshaped(_ pairs: [(member: String, child: String)]) -> ChangeIndexKeys {
        var keys: [String] = []
        for (member, _) in pairs {
            ChangedMembersTable.add(ChangedMembersTable.reshaped(member), to: &keys)
        }
        return ChangeIndexKeys(keys: keys, depth: .children)
    }
}
