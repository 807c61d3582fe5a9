import Foundation

extension Array: ReusableEncodable where Element: Encodable {
    /// The same value the plain encoder gives, element for element.
    ///
    /// Reuse needs a proof that the element encodes to the same bytes:
    /// - the same buffer as last time, with no element reaching a reference:
    ///   the previous elements, as they are;
    /// - otherwise an element whose bits equal the previous element's at the
    ///   same index, where that element reached no reference. Only field
    ///   bytes are compared (`FieldBytes`): padding is not part of a value.
    ///   Where every byte of a block of such elements is equal, padding
    ///   included, the block's field bytes are too: one comparison serves it.
    /// `==` is no proof (`String ==` is canonical equivalence, and a
    /// hand-written `==` may skip fields), so it is never asked. An element
    /// that reaches a reference is encoded afresh on every pass.
    func encodeReusing(
        below parent: JSONEncodingNode, at component: JSONCodingPathComponent, memo: EncodingReuseMemo
    ) throws -> JSONValue {
        let node = JSONEncodingNode(parent: parent, component: component, memo: memo)
        // A short array of scalars (a list of tags) is encoded afresh: its
        // elements cost less to encode than its record costs to find, compare
        // and keep, and it is mostly met inside an element being encoded
        // afresh, where no record from the pass before exists.
        if count < Self.shortScalarLimit, JSONEncodingNode.hasFixedForm(Element.self) {
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in indices {
                elements.append(try node.encodeChild(self[index], at: .index(index)))
            }
            return .array(elements)
        }
        var path = parent.path
        path.append(component)
        let identity = JSONStorageIdentity.of(self)
        let elementsAreValues = memo.scan.isValueType(Element.self)
        func holdsNoReference(_ index: Int) -> Bool {
            elementsAreValues || memo.holdsNoReference(self[index])
        }
        guard let record = memo.last.arrays[path], let old = record.array as? [Element] else {
            var elements: [JSONValue] = []
            var holds: [Bool] = []
            elements.reserveCapacity(count)
            holds.reserveCapacity(count)
            for index in indices {
                elements.append(try node.encodeChild(self[index], at: .index(index)))
                holds.append(holdsNoReference(index))
            }
            memo.record(EncodingReuseMemo.Record(array: self, identity: identity, elements: elements, holdsNoReference: holds), at: path)
            return .array(elements)
        }
        // A short array is copied faster than its spare is kept and found.
        let keepsSpare = record.elements.count >= Self.spareMinimum
        var spare = keepsSpare ? memo.takeSpare(at: path) : nil
        if old.count == count, let identity, identity == record.identity, record.allHoldNoReference {
            memo.record(EncodingReuseMemo.Record(array: self, identity: identity, elements: record.elements, holdsNoReference: record.holdsNoReference), at: path, spare: spare)
            return .array(record.elements)
        }
        // Starts as the previous elements, shared; the first write makes it
        // the spare caught up to them (or a copy), and the previous elements
        // become the next pass's spare.
        var elements = record.elements
        var holds = record.holdsNoReference
        var written = false
        var changed: [Int] = []
        func prepareToWrite() {
            guard !written else { return }
            written = true
            ArraySpare.writeInto(&elements, from: &spare, caughtUpTo: record.elements)
        }
        func encodeAfresh(_ index: Int) throws {
            prepareToWrite()
            let value = try node.encodeChild(self[index], at: .index(index))
            let proven = holdsNoReference(index)
            if index < elements.count {
                elements[index] = value
                holds[index] = proven
                changed.append(index)
            } else {
                elements.append(value)
                holds.append(proven)
            }
        }
        let reusable = Swift.min(old.count, count)
        if elements.count > count {
            prepareToWrite()
            elements.removeLast(elements.count - count)
            holds.removeLast(holds.count - count)
        }
        let stride = MemoryLayout<Element>.stride
        // Padding is not copied with a value, so only field bytes count.
        let fields = memo.fieldBytes(of: Element.self).ranges
        let allHoldNoReference = record.allHoldNoReference
        try old.withUnsafeBytes { oldBytes in
            try withUnsafeBytes { newBytes in
                // A run of elements, none reaching a reference, whose bytes
                // are all equal, padding included, has equal field bytes: one
                // comparison proves the whole run. A run that differs
                // anywhere, even in padding, is halved until the runs are
                // short, and those are judged element by element: a one-item
                // change costs a dozen comparisons, not a check of every
                // element of its block.
                func runIsEqual(_ start: Int, _ end: Int) -> Bool {
                    guard allHoldNoReference, let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else { return false }
                    return memcmp(oldBase + start * stride, newBase + start * stride, (end - start) * stride) == 0
                }
                func judge(_ start: Int, _ end: Int) throws {
                    if runIsEqual(start, end) { return }
                    guard allHoldNoReference, end - start > Self.elementRun else {
                        for index in start..<end
                        where !(record.holdsNoReference[index] && Self.sameFields(oldBytes, newBytes, at: index * stride, fields)) {
                            try encodeAfresh(index)
                        }
                        return
                    }
                    let middle = (start + end) / 2
                    try judge(start, middle)
                    try judge(middle, end)
                }
                var start = 0
                while start < reusable {
                    let end = Swift.min(start + Self.reuseBlock, reusable)
                    try judge(start, end)
                    start = end
                }
            }
        }
        // Elements past the previous array's end are new.
        for index in reusable..<count {
            try encodeAfresh(index)
        }
        if written {
            memo.recordEdit(before: record.elements, after: elements, changed: changed)
        }
        let next = written && keepsSpare ? ArraySpare(elements: record.elements, stale: changed) : spare
        memo.record(EncodingReuseMemo.Record(array: self, identity: identity, elements: elements, holdsNoReference: holds), at: path, spare: next)
        return .array(elements)
    }

    /// Arrays of scalars shorter than this are encoded without the memo.
    static var shortScalarLimit: Int { 16 }

    /// The fewest previous elements for which a spare is kept.
    static var spareMinimum: Int { 64 }

    /// Elements compared by one `memcmp` at a time: an unchanged block costs
    /// one call, and a changed one is halved.
    static var reuseBlock: Int { 64 }

    /// Runs this short that differ are judged element by element.
    static var elementRun: Int { 4 }

    /// Whether the field bytes of the elements at `offset` are the same in
    /// both buffers; a type with no field bytes has one value.
    private static func sameFields(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, at offset: Int, _ fields: [Range<Int>]
    ) -> Bool {
        guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return fields.isEmpty }
        for field in fields where !InPlaceBytes.equal(oldBase + offset, newBase + offset, in: field) {
            return false
        }
        return true
    }
}
