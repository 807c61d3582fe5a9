extension Dictionary: ReusableEncodable where Key: ReusableDictionaryKey, Value: Encodable {
    /// The same value the plain encoder gives, member for member.
    ///
    /// The array's proofs (`ReusableEncodableArray.swift`), keyed by key:
    /// - the same storage as last time, no value reaching a reference: the
    ///   previous members, as they are;
    /// - otherwise a value whose field bytes equal those of the previous
    ///   value under a key with the same scalars: that value's encoding.
    /// Keys are matched as the plain encoder spells them
    /// (`ReusableDictionaryKey`): a string by its scalars, never by `==`,
    /// which is canonical equivalence, so a key respelled in another
    /// normalization is a new member and replaces the old spelling; an `Int`
    /// by its value, spelled in decimal. Where any value reached a reference
    /// last pass, the dictionary is encoded afresh whole.
    ///
    /// Where the storage's buckets can be read (`DictionaryBuckets`), the two
    /// dictionaries are compared bucket by bucket in place, as the array's
    /// elements are compared in blocks.
    func encodeReusing(
        below parent: JSONEncodingNode, at component: JSONCodingPathComponent, memo: EncodingReuseMemo
    ) throws -> JSONValue {
        let node = JSONEncodingNode(parent: parent, component: component, memo: memo)
        var path = parent.path
        path.append(component)
        let identity = JSONStorageIdentity.of(self)
        let valuesAreValues = memo.scan.isValueType(Value.self)
        func holdsNoReference(_ value: Value) -> Bool {
            valuesAreValues || memo.holdsNoReference(value)
        }
        guard let record = memo.last.dictionaries[path], record.allHoldNoReference,
              let old = record.dictionary as? [Key: Value] else {
            var members = [String: JSONValue](minimumCapacity: count)
            var allHold = true
            for (key, value) in self {
                let spelled = key.encodedKey
                members[spelled] = try node.encodeChild(value, at: .key(spelled))
                allHold = allHold && holdsNoReference(value)
            }
            memo.record(EncodingReuseMemo.DictionaryRecord(dictionary: self, identity: identity, members: members, allHoldNoReference: allHold), at: path)
            return .object(members)
        }
        if let identity, identity == record.identity {
            memo.record(record, at: path)
            return .object(record.members)
        }
        let fields = memo.fieldBytes(of: Value.self).ranges
        // As the array's: starts as the previous members, shared; the first
        // write makes it the spare caught up to them (or a copy), and the
        // previous members become the next pass's spare.
        let keepsSpare = record.members.count >= Self.spareMinimum
        var spare = keepsSpare ? memo.takeDictionarySpare(at: path) : nil
        var members = record.members
        var written = false
        func prepareToWrite() {
            guard !written else { return }
            written = true
            DictionarySpare.writeInto(&members, from: &spare, caughtUpTo: record.members)
        }
        var allHold = true
        var changed: [String] = []
        // New keys found among the old ones with the same scalars.
        var kept = 0
        /// The member at `position`, whose key the previous pass held at
        /// `previous` (same scalars), if at all: reused when its field bytes
        /// are the same, encoded afresh otherwise.
        func reconcile(at position: Index, previous: Index?) throws {
            let key = keys[position].encodedKey
            if let previous {
                kept += 1
                if Self.sameFields(old.values[previous], values[position], fields) { return }
            }
            let value = values[position]
            let encoded = try node.encodeChild(value, at: .key(key))
            allHold = allHold && holdsNoReference(value)
            prepareToWrite()
            if previous == nil, let respelled = members.index(forKey: key) {
                // An equivalent key with other scalars; the dictionary would keep its spelling.
                changed.append(members[respelled].key)
                members.remove(at: respelled)
            }
            members[key] = encoded
            changed.append(key)
        }
        func previousIndex(of key: Key) -> Index? {
            guard let found = old.index(forKey: key), old.keys[found].isEncoded(as: key) else { return nil }
            return found
        }
        func removeIfGone(_ oldKey: Key) {
            if let mine = index(forKey: oldKey), keys[mine].isEncoded(as: oldKey) { return }
            let spelled = oldKey.encodedKey
            guard let gone = members.index(forKey: spelled), members[gone].key.hasSameScalars(as: spelled) else { return }
            prepareToWrite()
            // The first write may swap in the spare: the same members, another storage.
            guard let index = members.index(forKey: spelled), members[index].key.hasSameScalars(as: spelled) else { return }
            members.remove(at: index)
            changed.append(spelled)
        }
        if let mine = DictionaryBuckets.of(self), let theirs = DictionaryBuckets.of(old), mine.bucketCount == theirs.bucketCount {
            // Bucket by bucket, in place: one with the same key bits and the
            // same value field bytes in both holds the same member. Only the
            // others' keys are read out and looked up.
            var newKeys: [Key] = []
            var oldKeys: [Key] = []
            kept += mine.forEachBucket(differingFrom: theirs, keySize: MemoryLayout<Key>.size, sameValue: { bucket in
                fields.allSatisfy { InPlaceBytes.equal(mine.value(at: bucket), theirs.value(at: bucket), in: $0) }
            }) { bucket, isNew, isOld, _ in
                if isNew { newKeys.append(mine.key(at: bucket, as: Key.self)) }
                if isOld { oldKeys.append(theirs.key(at: bucket, as: Key.self)) }
            }
            for key in newKeys {
                guard let position = index(forKey: key) else { continue }
                try reconcile(at: position, previous: previousIndex(of: key))
            }
            if kept < old.count {
                for oldKey in oldKeys { removeIfGone(oldKey) }
            }
        } else {
            // A dictionary changed by a reducer is a copy of the previous one,
            // so its entries sit where the previous ones did: each is first
            // compared with the previous entry at the same position, and
            // looked up by key only when that one has another key. By index,
            // not by (key, value) pairs: in this unspecialized code every
            // pair is a copy of the value through its witness.
            var oldPosition = old.startIndex
            var position = startIndex
            while position != endIndex {
                var previous: Index?
                if oldPosition != old.endIndex {
                    if old.keys[oldPosition].isEncoded(as: keys[position]) { previous = oldPosition }
                    old.formIndex(after: &oldPosition)
                }
                try reconcile(at: position, previous: previous ?? previousIndex(of: keys[position]))
                formIndex(after: &position)
            }
            if kept < old.count {
                for oldKey in old.keys { removeIfGone(oldKey) }
            }
        }
        if !changed.isEmpty {
            memo.recordEdit(before: record.members, after: members, changed: changed)
        }
        let next = written && keepsSpare ? DictionarySpare(members: record.members, stale: changed) : spare
        memo.record(EncodingReuseMemo.DictionaryRecord(dictionary: self, identity: identity, members: members, allHoldNoReference: allHold), at: path, spare: next)
        return .object(members)
    }

    /// The fewest previous members for which a spare is kept.
    static var spareMinimum: Int { 64 }

    /// Whether the field bytes of two values are the same; a type with no
    /// field bytes has one value.
    private static func sameFields(_ a: Value, _ b: Value, _ fields: [Range<Int>]) -> Bool {
        // The values' own addresses: a generic value is passed by address, so nothing is copied.
        withUnsafePointer(to: a) { left in
            withUnsafePointer(to: b) { right in
                for field in fields where !InPlaceBytes.equal(left, right, in: field) {
                    return false
                }
                return true
            }
        }
    }
}
