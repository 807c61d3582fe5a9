extension JSONValue {
    /// `a.pointee == b.pointee`, with arrays and objects read where they lie.
    ///
    /// `==` binds an array's or object's buffer to compare it, and each
    /// binding retains and releases it: atomic operations for every pair of
    /// containers that do not share storage, a quarter of comparing two
    /// states encoded apart. Here a container's case and buffer are read
    /// from the value's own memory (`PayloadLayout`), and its elements or
    /// members are compared in place all the way down, by bits first. A
    /// member whose key bits the other object does not hold is looked up
    /// exactly, and scalars are compared by `==`, as in the plain path;
    /// while the layout check fails, everything is.
    public static func equalInPlace(_ a: UnsafePointer<JSONValue>, _ b: UnsafePointer<JSONValue>) -> Bool {
        guard let layout = PayloadLayout.current else { return a.pointee == b.pointee }
        let kind = layout.kind(of: a)
        if kind == .other { return a.pointee == b.pointee }
        guard layout.kind(of: b) == kind else { return false }
        let mine = UnsafeRawPointer(a).load(as: UnsafeRawPointer.self)
        let theirs = UnsafeRawPointer(b).load(as: UnsafeRawPointer.self)
        // One buffer: equal while both are alive (`JSONStorageIdentity`).
        if mine == theirs { return true }
        if kind == .array {
            let (myElements, count) = layout.elements(ofArray: a)
            let (theirElements, theirCount) = layout.elements(ofArray: b)
            guard count == theirCount else { return false }
            return sameElements(myElements, theirElements, count: count)
        }
        guard let myMembers = layout.members(ofObject: a), let theirMembers = layout.members(ofObject: b) else {
            return a.pointee == b.pointee
        }
        guard myMembers.count == theirMembers.count else { return false }
        return [String: JSONValue].sameMembers(myMembers, theirMembers) { key, value in
            // Rare: a key spelled in a buffer of its own. The plain lookup.
            guard case .object(let other) = b.pointee else { return false }
            return other.holds(key: key, value: value)
        }
    }

    /// Whether the `count` values from `a` equal those from `b`, each pair
    /// by its bits (`JSONValue` refers only to immutable storage, so while
    /// both are alive equal bits are equal values) or else `equalInPlace`.
    static func sameElements(_ a: UnsafePointer<JSONValue>, _ b: UnsafePointer<JSONValue>, count: Int) -> Bool {
        for index in 0..<count {
            let x = a + index
            let y = b + index
            guard InPlaceBytes.equal(x, y, in: 0..<MemoryLayout<JSONValue>.size) || equalInPlace(x, y) else { return false }
        }
        return true
    }
}

/// Where a value's case and a container's buffer lie in its memory: an
/// `.array` or `.object` value begins with its buffer reference, untagged,
/// and one byte past the payloads tells the case. Then a container's memory,
/// rebound, is the `[JSONValue]` or `[String: JSONValue]` it holds, and its
/// case is read without copying the value. That is the compiler's private
/// enum layout, so it is checked once, by raw loads of one value of every
/// case, before anything reads through it; while it fails, `equalInPlace`
/// is `==`.
struct PayloadLayout: Sendable {
    enum Kind { case array, object, other }

    let tagOffset: Int
    let arrayTag: UInt8
    let objectTag: UInt8
    /// Where, in an array's storage object, its count and its first element are.
    let arrayCountOffset: Int
    let arrayElementsOffset: Int

    @inline(__always)
    func kind(of value: UnsafePointer<JSONValue>) -> Kind {
        let tag = UnsafeRawPointer(value).load(fromByteOffset: tagOffset, as: UInt8.self)
        return tag == arrayTag ? .array : tag == objectTag ? .object : .other
    }

    /// The elements of the array at `value` (of kind `.array`), where they lie.
    @inline(__always)
    func elements(ofArray value: UnsafePointer<JSONValue>) -> (base: UnsafePointer<JSONValue>, count: Int) {
        let storage = UnsafeRawPointer(value).load(as: UnsafeRawPointer.self)
        return ((storage + arrayElementsOffset).assumingMemoryBound(to: JSONValue.self), storage.load(fromByteOffset: arrayCountOffset, as: Int.self))
    }

    /// The buckets of the object at `value` (of kind `.object`); nil for an
    /// empty one, whose storage may be the shared singleton.
    @inline(__always)
    func members(ofObject value: UnsafePointer<JSONValue>) -> DictionaryBuckets? {
        DictionaryBuckets.of(storage: UnsafeRawPointer(value).load(as: UnsafeRawPointer.self), key: String.self, value: JSONValue.self)
    }

    static var holds: Bool { current != nil }

    /// The layout, checked on first use.
    static let current: PayloadLayout? = check()

    private static func check() -> PayloadLayout? {
        // The payloads' largest is a string's 16 bytes; one byte more holds the case.
        guard JSONStorageIdentity.layoutHolds, DictionaryBuckets.layoutHolds, MemoryLayout<Int>.size == 8,
              MemoryLayout<JSONValue>.size == 17 else { return nil }
        let tagOffset = 16
        func tag(_ value: JSONValue) -> UInt8 {
            withUnsafeBytes(of: value) { $0.load(fromByteOffset: tagOffset, as: UInt8.self) }
        }
        func firstWord(_ value: JSONValue) -> UInt {
            withUnsafeBytes(of: value) { $0.load(as: UInt.self) }
        }
        let elements: [JSONValue] = [.string("a"), .null, .bool(true)]
        let members: [String: JSONValue] = ["a": .null, "b": .bool(true)]
        let arrays: [JSONValue] = [.array(elements), .array([])]
        let objects: [JSONValue] = [.object(members), .object([:])]
        let long = "a string long enough to live on the heap, past 15 bytes"
        let others: [JSONValue] = [
            .null, .bool(false), .bool(true), .string(""), .string("a"), .string(long),
            .number(JSONNumber(0)), .number(JSONNumber(123_456_789_012_345)),
        ]
        let arrayTag = tag(arrays[0])
        let objectTag = tag(objects[0])
        guard arrayTag != objectTag,
              arrays.allSatisfy({ tag($0) == arrayTag }), objects.allSatisfy({ tag($0) == objectTag }),
              others.allSatisfy({ tag($0) != arrayTag && tag($0) != objectTag }),
              firstWord(arrays[0]) == JSONStorageIdentity.of(elements)?.address,
              firstWord(objects[0]) == JSONStorageIdentity.of(members)?.address else { return nil }
        // An array's storage: a class header of two words, the count, the
        // capacity, then the elements.
        let countOffset = 16
        let elementsOffset = 32
        guard let storage = UnsafeRawPointer(bitPattern: firstWord(arrays[0])),
              storage.load(fromByteOffset: countOffset, as: Int.self) == elements.count,
              elements.withUnsafeBufferPointer({ UnsafeRawPointer($0.baseAddress) == storage + elementsOffset }),
              let empty = UnsafeRawPointer(bitPattern: firstWord(arrays[1])),
              empty.load(fromByteOffset: countOffset, as: Int.self) == 0 else { return nil }
        return PayloadLayout(
            tagOffset: tagOffset, arrayTag: arrayTag, objectTag: objectTag,
            arrayCountOffset: countOffset, arrayElementsOffset: elementsOffset
        )
    }
}
