import Foundation

/// The `Encoder` behind `JSONValueEncoder`: one node per nested value.
///
/// Containers write straight into the node's storage. Scalars never get a
/// node of their own; only values with their own `encode(to:)` and nested
/// containers do. Nested containers and super-encoders outlive the call that
/// made them, so they are kept in `pending` and folded in by `finish()`.
final class JSONEncodingNode: JSONEncodingSink {
    typealias Kind = JSONEncodingKind

    /// Strong, for `codingPath`. Pending children point back at their parent,
    /// so `finish()` and `releasePending()` break that cycle.
    let parent: JSONEncodingNode?
    let component: JSONCodingPathComponent?
    /// Set by `IncrementalJSONEncoder`: the previous pass's arrays, for reuse.
    let memo: EncodingReuseMemo?
    /// Set by `IncrementalJSONEncoder`, shared by every node of every pass;
    /// a one-off encoding has none, since it would pay to fill them.
    let hints: MemberCountHints?
    /// The `CodingKey` type of this node's keyed container, and the count
    /// `hints` gave for it.
    private var keys: (type: ObjectIdentifier, hinted: Int)?
    var kind = Kind.empty
    var single = JSONValue.null
    var elements: [JSONValue] = []
    var members: [String: JSONValue] = [:]
    var pending: [(slot: JSONCodingPathComponent, node: JSONEncodingNode)] = []
    /// How many arrays and objects hold this node's value: its path's length.
    let depth: Int

    /// The deepest nesting written: what readers accept, so that no state is
    /// recorded that cannot be read back, and so that a value nested without
    /// end stops here instead of overflowing the encoding thread's stack.
    static let maximumDepth = JSONParser.Limits.readableDepth

    init(parent: JSONEncodingNode?, component: JSONCodingPathComponent?, memo: EncodingReuseMemo? = nil, hints: MemberCountHints? = nil) {
        self.parent = parent
        self.component = component
        self.memo = memo
        self.hints = hints ?? parent?.hints
        self.depth = parent.map { $0.depth + 1 } ?? 0
    }

    var elementCount: Int { elements.count }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        kind = .object
        if let hints, keys == nil, members.isEmpty {
            let keys = ObjectIdentifier(type)
            let hinted = hints.count(for: keys)
            self.keys = (keys, hinted)
            // `Dictionary(minimumCapacity:)` is inlined; `reserveCapacity` is an unspecialized call.
            members = Dictionary(minimumCapacity: hinted)
        }
        return KeyedEncodingContainer(KeyedJSONEncodingContainer<Key, JSONEncodingNode>(node: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        kind = .array
        return UnkeyedJSONEncodingContainer(node: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueJSONEncodingContainer(node: self)
    }

    /// The finished value. A node nothing was written to becomes `{}`, as a
    /// type with no stored properties encodes.
    ///
    /// - Throws: `JSONEncodingError` when two keys differ only in Unicode
    ///   normalization: one JSON object cannot keep both apart.
    func finish() throws(JSONEncodingError) -> JSONValue {
        if kind != .single { try checkRoomForContainer(at: nil) }
        switch kind {
        case .empty:
            return .object([:])
        case .single:
            return single
        case .array:
            for (slot, child) in pending {
                if case .index(let index) = slot, index < elements.count {
                    elements[index] = try child.finish()
                }
            }
            pending.removeAll()
            return .array(elements)
        case .object:
            for (slot, child) in pending {
                if case .key(let key) = slot {
                    try setMember(key, try child.finish())
                }
            }
            pending.removeAll()
            if let keys { hints?.record(members.count, for: keys.type, hinted: keys.hinted) }
            return .object(members)
        }
    }

    /// Drops pending children after an error, so no parent/child cycle leaks.
    func releasePending() {
        for (_, child) in pending {
            child.releasePending()
        }
        pending.removeAll()
    }

    /// A node for a nested container or super-encoder, filled in later.
    func makePending(at slot: JSONCodingPathComponent, kind: Kind) -> JSONEncodingNode {
        let child = JSONEncodingNode(parent: self, component: slot, memo: memo)
        child.kind = kind
        pending.append((slot, child))
        return child
    }

    /// Throws unless an array or object fits at this node's depth, or,
    /// for `component`, at its child's.
    private func checkRoomForContainer(at component: JSONCodingPathComponent?) throws(JSONEncodingError) {
        guard depth + (component == nil ? 0 : 1) >= Self.maximumDepth else { return }
        throw JSONEncodingError(kind: .tooDeep(maxDepth: Self.maximumDepth), codingPath: component.map { path + [$0] } ?? path)
    }

    /// Throws when a `JSONValue` held in the state would nest past the limit
    /// where it sits: it is written as it is, not through this encoder.
    private func checkNesting(of value: JSONValue, at component: JSONCodingPathComponent?) throws(JSONEncodingError) {
        let room = Self.maximumDepth - depth - (component == nil ? 0 : 1)
        guard value.nests(deeperThan: room) else { return }
        let inside = value.pathNesting(deeperThan: room) ?? []
        throw JSONEncodingError(kind: .tooDeep(maxDepth: Self.maximumDepth), codingPath: (component.map { path + [$0] } ?? path) + inside)
    }

    /// Encodes `value`, which sits at `component` below this node.
    func encodeChild<T: Encodable>(_ value: T, at component: JSONCodingPathComponent) throws -> JSONValue {
        // This node holds a child, so it is an array or an object itself.
        try checkRoomForContainer(at: nil)
        if let scalar = try scalar(value, at: component) {
            if T.self == JSONValue.self { try checkNesting(of: scalar, at: component) }
            return scalar
        }
        if let memo, let collection = value as? any ReusableEncodable {
            return try collection.encodeReusing(below: self, at: component, memo: memo)
        }
        let child = JSONEncodingNode(parent: self, component: component, memo: memo)
        do {
            try value.encode(to: child)
        } catch {
            child.releasePending()
            throw error
        }
        return try child.finish()
    }

    func encodeMember<T: Encodable>(_ value: T, forKey key: String) throws {
        try setMember(key, try encodeChild(value, at: .key(key)))
    }

    func encodeElement<T: Encodable>(_ value: T) throws {
        elements.append(try encodeChild(value, at: .index(elements.count)))
    }

    func appendElement(_ value: JSONValue) {
        elements.append(value)
    }

    func setSingle(_ value: JSONValue) {
        kind = .single
        single = value
    }

    /// Reserves the next index for a value that `finish()` fills in later.
    func placeholderElement(kind: Kind) -> JSONEncodingNode {
        let index = elements.count
        elements.append(.null)
        return makePending(at: .index(index), kind: kind)
    }

    /// Stores a member, refusing a key that is canonically equivalent to one
    /// already stored but spelled with other scalars: a dictionary would
    /// silently merge the two.
    func setMember(_ key: String, _ value: JSONValue) throws(JSONEncodingError) {
        guard members.updateValue(value, forKey: key) != nil, let stored = members.equivalentKey(to: key) else { return }
        throw JSONEncodingError(
            kind: .unrepresentable("keys \(JSONCodingPath.quotedScalars(stored)) and \(JSONCodingPath.quotedScalars(key)), which differ only in Unicode normalization, in one object"),
            codingPath: path
        )
    }

    /// Encodes `value` into this very node, as a single-value container does.
    func encodeHere<T: Encodable>(_ value: T) throws {
        if let scalar = try scalar(value, at: nil) {
            if T.self == JSONValue.self { try checkNesting(of: scalar, at: nil) }
            kind = .single
            single = scalar
        } else {
            try value.encode(to: self)
        }
    }

    /// Whether every value of `type` takes a fixed form in `scalar(_:at:)`:
    /// encoding one costs less than finding anything to reuse for it. The
    /// same list as `scalar(_:at:)`'s; a test holds the two together.
    static func hasFixedForm(_ type: Any.Type) -> Bool {
        fixedFormTypes.contains(ObjectIdentifier(type))
    }

    private static let fixedFormTypes: Set<ObjectIdentifier> = Set([
        String.self, Int.self, Bool.self, Double.self, Int64.self, UInt64.self, UInt.self, Int32.self, UInt32.self,
        Int16.self, UInt16.self, Int8.self, UInt8.self, Float.self, Date.self, Data.self, URL.self, Decimal.self,
        JSONValue.self, JSONNumber.self,
    ].map { ObjectIdentifier($0 as Any.Type) })
}
