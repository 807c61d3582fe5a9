/// What the incremental encoder's last pass changed in each array it wrote
/// from the pass before's: the positions where the new elements may differ
/// from the old ones. Everywhere else below both counts, the encoder proved
/// the elements equal (it left the old element's bits in place), so a
/// stage that holds the old elements need not compare them again: the tree
/// hash, the redaction and the patch then work in the changes alone, not in
/// the length of a growing log.
///
/// Both element buffers are held here, so their identities stay proofs; the
/// encoder forgets its edits when its next pass starts, before it writes
/// into any old buffer again.
public struct ArrayEdits {
    struct Edit {
        let before: [JSONValue]
        let after: [JSONValue]
        /// Increasing, each below both counts.
        let changed: [Int]
    }

    private var edits: [JSONStorageIdentity: Edit] = [:]

    /// No edits: every stage compares for itself.
    public init() {}

    mutating func record(before: [JSONValue], after: [JSONValue], changed: [Int]) {
        guard let identity = JSONStorageIdentity.of(after), JSONStorageIdentity.of(before) != nil else { return }
        edits[identity] = Edit(before: before, after: after, changed: changed)
    }

    /// The positions, increasing and below both counts, where `elements`
    /// may differ from `before`; nil unless the last pass made `elements`
    /// from `before` itself. Positions at or past the shorter count differ
    /// in length only.
    public func changedPositions(of elements: [JSONValue], from before: [JSONValue]) -> [Int]? {
        // The edit holds `after` itself, so finding it by `elements`'s
        // identity proves `elements` is that buffer.
        guard let identity = JSONStorageIdentity.of(elements), let edit = edits[identity],
              let old = JSONStorageIdentity.of(before), old == JSONStorageIdentity.of(edit.before) else {
            return nil
        }
        return edit.changed
    }
}
