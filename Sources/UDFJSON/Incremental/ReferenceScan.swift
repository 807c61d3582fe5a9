import Foundation

/// Finds out whether one value reaches a reference: a class instance, a
/// closure or a pointer, whose target can change while the value's own bits
/// stay the same.
///
/// `IncrementalJSONEncoder` reuses an element's encoding when its bits equal
/// the previous element's, which proves an equal value only for values made
/// of values. The verdict is taken per value, not per type: an enum case, an
/// optional or an existential can hold a reference in one value and none in
/// the next. What a scan cannot see through, such as a custom mirror, counts
/// as a reference, so the element is simply encoded afresh.
final class ReferenceScan {
    /// Types whose every value is a value; found by type, once.
    private var knownValueTypes: [ObjectIdentifier: Bool] = [:]

    /// Whether `value` reaches a reference.
    ///
    /// - Parameter knownArrays: verdicts on arrays already judged, by buffer.
    func holdsReference<Value>(_ value: Value, knownArrays: [JSONStorageIdentity: Bool]) -> Bool {
        if isValueType(Value.self) { return false }
        return reaches(value, knownArrays: knownArrays, depth: 0)
    }

    private func reaches(_ value: Any, knownArrays: [JSONStorageIdentity: Bool], depth: Int) -> Bool {
        let type = Swift.type(of: value)
        if type is AnyClass { return true }
        if isValueType(type) { return false }
        guard depth < Self.maximumDepth else { return true }
        if let collection = value as? any ReferenceScannableCollection {
            return collection.reachesReference(scan: self, knownArrays: knownArrays, depth: depth + 1)
        }
        // A custom mirror shows what its author chose, not the stored properties.
        if value is any CustomReflectable { return true }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .enum?, .tuple?, .optional?:
            for child in mirror.children where reaches(child.value, knownArrays: knownArrays, depth: depth + 1) {
                return true
            }
            return false
        default:
            // Classes, closures, pointers and anything without a style.
            return true
        }
    }

    fileprivate func elementsReach<Element>(_ elements: some Sequence<Element>, knownArrays: [JSONStorageIdentity: Bool], depth: Int) -> Bool {
        if isValueType(Element.self) { return false }
        for element in elements where reaches(element, knownArrays: knownArrays, depth: depth) {
            return true
        }
        return false
    }

    /// Whether every value of `type` is made of values, decided from the type
    /// alone: a known leaf, a standard collection of such types, or a struct
    /// or tuple whose every stored field's type is one. An enum, a class, a
    /// closure, an existential or a pointer can differ from value to value,
    /// so values of those are scanned one by one.
    func isValueType(_ type: Any.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = knownValueTypes[key] { return known }
        // A type whose fields reach itself has indirection, so no verdict yet.
        knownValueTypes[key] = false
        let verdict: Bool
        if Self.valueLeaves.contains(key) {
            verdict = true
        } else if let container = type as? any ReferenceScannableCollection.Type {
            verdict = container.elementTypes.allSatisfy(isValueType)
        } else if let fields = FieldBytes.fieldTypes(of: type) {
            verdict = fields.allSatisfy(isValueType)
        } else {
            verdict = false
        }
        knownValueTypes[key] = verdict
        return verdict
    }

    /// Deeper than this, a value counts as holding a reference; a cycle can
    /// only run through references, so this bounds the scan, nothing more.
    static let maximumDepth = 64

    /// Types whose values hold no reference whose target can change: scalars,
    /// and Foundation values whose storage is copy-on-write or immutable.
    private static let valueLeaves: Set<ObjectIdentifier> = [
        ObjectIdentifier(String.self), ObjectIdentifier(Substring.self), ObjectIdentifier(Character.self),
        ObjectIdentifier(Bool.self), ObjectIdentifier(Int.self), ObjectIdentifier(Int8.self),
        ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
        ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self),
        ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self), ObjectIdentifier(Double.self),
        ObjectIdentifier(Float.self), ObjectIdentifier(Decimal.self), ObjectIdentifier(Date.self),
        ObjectIdentifier(Data.self), ObjectIdentifier(URL.self), ObjectIdentifier(UUID.self),
        ObjectIdentifier(JSONValue.self), ObjectIdentifier(JSONNumber.self),
    ]
}

/// A standard collection whose elements a scan walks itself: their mirrors
/// are custom, and an array already judged by buffer needs no walk.
protocol ReferenceScannableCollection {
    static var elementTypes: [Any.Type] { get }
    func reachesReference(scan: ReferenceScan, knownArrays: [JSONStorageIdentity: Bool], depth: Int) -> Bool
}

extension Array: ReferenceScannableCollection {
    static var elementTypes: [Any.Type] { [Element.self] }

    func reachesReference(scan: ReferenceScan, knownArrays: [JSONStorageIdentity: Bool], depth: Int) -> Bool {
        if let identity = JSONStorageIdentity.of(self), let known = knownArrays[identity] {
            return !known
        }
        return scan.elementsReach(self, knownArrays: knownArrays, depth: depth)
    }
}

extension Dictionary: ReferenceScannableCollection {
    static var elementTypes: [Any.Type] { [Key.self, Value.self] }

    func reachesReference(scan: ReferenceScan, knownArrays: [JSONStorageIdentity: Bool], depth: Int) -> Bool {
        scan.elementsReach(keys, knownArrays: knownArrays, depth: depth)
            || scan.elementsReach(values, knownArrays: knownArrays, depth: depth)
    }
}

extension Set: ReferenceScannableCollection {
    static var elementTypes: [Any.Type] { [Element.self] }

    func reachesReference(scan: ReferenceScan, knownArrays: [JSONStorageIdentity: Bool], depth: Int) -> Bool {
        scan.elementsReach(self, knownArrays: knownArrays, depth: depth)
    }
}

extension Optional: ReferenceScannableCollection {
    static var elementTypes: [Any.Type] { [Wrapped.self] }

    func reachesReference(scan: ReferenceScan, knownArrays: [JSONStorageIdentity: Bool], depth: Int) -> Bool {
        guard case .some(let wrapped) = self else { return false }
        return scan.elementsReach(CollectionOfOne(wrapped), knownArrays: knownArrays, depth: depth)
    }
}
