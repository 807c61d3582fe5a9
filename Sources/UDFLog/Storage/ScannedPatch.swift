/// What the changed-members index stores of one patch step
/// (`StoredTextScan.scan(canonicalPatch:)`).
public struct ScannedPatch: Sendable {
    /// The keys the step is indexed under: `ChangedMembersTable.keys(of:)`.
    public var keys: [String] = []
    /// For each child `/m/c` the patch writes in (not `/m/-`) and no `move`
    /// or `copy` names, the patch's `add`, `remove` and `replace`
    /// operations at or under it, in order, in `ChildOperationsBlob`'s
    /// form (`test`s change nothing and are left out). On a step that no
    /// operation writes its member whole, reshapes or writes the root,
    /// applied to the child alone, they change it as the whole patch does.
    public var childOperations: [(key: String, operations: [UInt8])] = []
}
