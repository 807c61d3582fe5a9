/// The identity of an array's or object's storage buffer.
///
/// Arrays and dictionaries are copy-on-write: two values that share one
/// buffer hold the same contents for as long as both are alive, because a
/// shared buffer is copied before it is changed. So equal identities, taken
/// from two values that are both still alive, prove equal contents in O(1).
/// Different identities prove nothing.
public struct JSONStorageIdentity: Hashable, Sendable {
    let address: UInt
}

extension JSONValue {
    /// The identity of this array's or object's storage; nil for scalars.
    ///
    /// Meaningful only while the value it was taken from is alive: a freed
    /// buffer's address can be reused by a new one.
    public var storageIdentity: JSONStorageIdentity? {
        switch self {
        case .array(let elements):
            return JSONStorageIdentity.of(elements)
        case .object(let members):
            return JSONStorageIdentity.of(members)
        default:
            return nil
        }
    }

    /// Whether both are arrays or both objects sharing one storage buffer, so
    /// certainly equal; false says nothing about equality.
    public func isIdentical(to other: JSONValue) -> Bool {
        guard let mine = storageIdentity else { return false }
        return mine == other.storageIdentity
    }
}

extension JSONStorageIdentity {
    /// An array or dictionary is one reference to its buffer; read that reference's bits.
    static func of<Storage>(_ storage: Storage) -> JSONStorageIdentity? {
        guard MemoryLayout<Storage>.size == MemoryLayout<UInt>.size else { return nil }
        return withUnsafeBytes(of: storage) { JSONStorageIdentity(address: $0.load(as: UInt.self)) }
    }
}
