/// What the incremental encoder's last pass changed in each array and
/// object it wrote from the pass before's: the positions where the new
/// elements may differ from the old ones, and the keys whose members may.
/// Everywhere else the encoder proved the contents equal (it left the old
/// encoded value in place), so a stage that holds the old container need
/// not compare them again: the tree hash, the redaction and the patch then
/// work in the changes alone, not in the length of a growing log or of a
/// dictionary keyed by id.
///
/// Both buffers of each edit are held here, so their identities stay
/// proofs; the encoder forgets its edits when its next pass starts, before
/// it writes into any old buffer again.
public struct ContainerEdits {
    struct Edit {
        let before: [JSONValue]
        let after: [JSONValue]
        /// Increasing, each below both counts.
        let changed: [Int]
    }

    struct ObjectEdit {
        let before: [String: JSONValue]
        let after: [String: JSONValue]
        /// Spelled as in `before` or `after`, by scalars.
        let changed: [String]
    }

    private var edits: [JSONStorageIdentity: Edit] = [:]
    private var objectEdits: [JSONStorageIdentity: ObjectEdit] = [:]

    /// No edits: every stage compares for itself.
    public init() {}

    /// Records that `after` was made from `before` and differs from it at
    /// `changed` alone (increasing, each below both counts): for a stage
    /// that makes containers from its own last output, as the redaction
    /// does, to hand on what it proved.
    public mutating func record(before: [JSONValue], after: [JSONValue], changed: [Int]) {
        guard let identity = JSONStorageIdentity.of(after), JSONStorageIdentity.of(before) != nil else { return }
        edits[identity] = Edit(before: before, after: after, changed: changed)
    }

    /// Records that `after` was made from `before` and differs from it in
    /// the members under `changed` alone, spelled as in either.
    public mutating func record(before: [String: JSONValue], after: [String: JSONValue], changed: [String]) {
        guard let identity = JSONStorageIdentity.of(after), JSONStorageIdentity.of(before) != nil else { return }
        objectEdits[identity] = ObjectEdit(before: before, after: after, changed: changed)
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

    /// The keys, exactly as spelled, of the members that may differ between
    /// `before` and `members`: changed, added (spelled as in `members`) or
    /// removed (spelled as in `before`); a key respelled in another
    /// normalization is both. Every other key of either object is in the
    /// other with the same scalars and the very same encoded value (the same
    /// bits). Nil unless the
    /// last pass made `members` from `before` itself.
    public func changedKeys(of members: [String: JSONValue], from before: [String: JSONValue]) -> [String]? {
        guard let identity = JSONStorageIdentity.of(members), let edit = objectEdits[identity],
              let old = JSONStorageIdentity.of(before), old == JSONStorageIdentity.of(edit.before) else {
            return nil
        }
        return edit.changed
    }
}
